import { describe, expect, it } from 'vitest';
import { budgetFailures } from './first-load-budget';

const budgetOnly = () => 117_760;

const page = (path: string, gzipBytes: number) => ({ route: path, path, files: 7, gzipBytes });

describe('first-load JS budget', () => {
  it('passes pages at or under 117 760 B', () => {
    expect(
      budgetFailures([page('/', 117_760), page('/community/content/:contentId', 117_000)], budgetOnly),
    ).toEqual([]);
  });

  it('names the page and its bytes when one is over', () => {
    expect(
      budgetFailures([page('/', 118_501), page('/community/content/:contentId', 120_814)], budgetOnly),
    ).toEqual([
      '/: 118501 B of first-load JS (gzip), over the budget of 117760 B by 741 B',
      '/community/content/:contentId: 120814 B of first-load JS (gzip), over the budget of 117760 B by 3054 B',
    ]);
  });

  it('holds the feed, still over the budget, at its ratchet ceiling of 117 820 B; the detail at the budget', () => {
    expect(budgetFailures([page('/', 117820), page('/community/content/:contentId', 117760)])).toEqual([]);
    expect(budgetFailures([page('/', 117821), page('/community/content/:contentId', 117761)])).toEqual([
      '/: 117821 B of first-load JS (gzip), over its ceiling of 117820 B by 1 B',
      '/community/content/:contentId: 117761 B of first-load JS (gzip), over the budget of 117760 B by 1 B',
    ]);
  });

  it('ignores other pages and fails when a budgeted page is missing', () => {
    expect(budgetFailures([page('/', 100_000), page('/login', 150_000)])).toEqual([
      '/community/content/:contentId: no such page in the build',
    ]);
  });
});
