import { describe, expect, it } from 'vitest';
import { budgetFailures } from './first-load-budget';

const page = (path: string, gzipBytes: number) => ({ route: path, path, files: 7, gzipBytes });

describe('first-load JS budget', () => {
  it('passes pages at or under 117 760 B', () => {
    expect(budgetFailures([page('/', 117_760), page('/community/content/:contentId', 117_000)])).toEqual([]);
  });

  it('names the page and its bytes when one is over', () => {
    expect(budgetFailures([page('/', 118_501), page('/community/content/:contentId', 120_814)])).toEqual([
      '/: 118501 B of first-load JS (gzip), over the budget of 117760 B by 741 B',
      '/community/content/:contentId: 120814 B of first-load JS (gzip), over the budget of 117760 B by 3054 B',
    ]);
  });

  it('holds both pages at 117 760 B (115 KiB), not a byte more', () => {
    expect(budgetFailures([page('/', 117_760), page('/community/content/:contentId', 117_760)])).toEqual([]);
    expect(budgetFailures([page('/', 117_761), page('/community/content/:contentId', 117_761)])).toEqual([
      '/: 117761 B of first-load JS (gzip), over the budget of 117760 B by 1 B',
      '/community/content/:contentId: 117761 B of first-load JS (gzip), over the budget of 117760 B by 1 B',
    ]);
  });

  it('ignores other pages and fails when a budgeted page is missing', () => {
    expect(budgetFailures([page('/', 100_000), page('/login', 150_000)])).toEqual([
      '/community/content/:contentId: no such page in the build',
    ]);
  });
});
