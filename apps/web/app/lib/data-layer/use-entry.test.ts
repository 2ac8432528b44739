import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidate, onInvalidate, peek, put } from './cache';
import { keyOf } from './entry';
import { type EntryState, shownEntry } from './use-entry';

const ready = <T>(data: T): EntryState<T> => ({ status: 'ready', data });
const loading: EntryState<never> = { status: 'loading' };

describe("useEntry's rule: what a reader shows", () => {
  it('the seed over an older cached copy, until the cache moves on from it', () => {
    const older = ready('older');
    // The seed arrives while the cache holds an older copy (a client navigation back).
    expect(shownEntry('seed', older, older)).toEqual(ready('seed'));
    // The seed itself put into the cache, a reload's loading, a reload's answer: later values speak.
    expect(shownEntry('seed', ready('seed'), older)).toEqual(ready('seed'));
    expect(shownEntry('seed', loading, older)).toEqual(loading);
    expect(shownEntry('seed', ready('fresh'), older)).toEqual(ready('fresh'));
  });

  it('without a seed (the prefetch timed out): the cache, else loading', () => {
    expect(shownEntry(null, undefined, undefined)).toEqual(loading);
    expect(shownEntry(null, ready('cached'), undefined)).toEqual(ready('cached'));
    expect(shownEntry(null, { status: 'missing' }, undefined)).toEqual({ status: 'missing' });
  });

  it('a seed with nothing cached shows at once (the server render, hydration)', () => {
    expect(shownEntry('seed', undefined, undefined)).toEqual(ready('seed'));
  });
});

describe('invalidate', () => {
  beforeEach(() => vi.stubEnv('SSR', false));
  afterEach(() => vi.unstubAllEnvs());

  it('loads again the entries with a reader on screen and drops the others, by entry or domain', () => {
    const shown = keyOf('live.fansGroupInfo', { streamId: 1 });
    const notShown = keyOf('live.fansGroupInfo', { streamId: 2 });
    const tasks = keyOf('live.weekTaskInfo', { streamId: 1 });
    const feed = keyOf('content.moreRecommend', { limit: 20 });
    for (const key of [shown, notShown, tasks, feed]) put(key, ready(key));
    const reloads: string[] = [];
    const undo = onInvalidate(shown, () => reloads.push(shown));
    const undoTasks = onInvalidate(tasks, () => reloads.push(tasks));

    invalidate('live.fansGroupInfo');
    expect(reloads).toEqual([shown]);
    expect(peek(shown)).toEqual(ready(shown));
    expect(peek(notShown)).toBeUndefined();
    expect(peek(tasks)).toEqual(ready(tasks));

    invalidate('live');
    expect(reloads).toEqual([shown, shown, tasks]);
    expect(peek(feed)).toEqual(ready(feed));

    undo();
    undoTasks();
    invalidate('live');
    expect(peek(shown)).toBeUndefined();
    expect(peek(tasks)).toBeUndefined();
  });

  it('an entry name never matches a longer one of the same domain', () => {
    const group = keyOf('live.fansGroupInfo', { streamId: 3 });
    const groupRank = keyOf('live.fansGroupInfoRank' as never, { streamId: 3 });
    put(group, ready(1));
    put(groupRank, ready(2));
    invalidate('live.fansGroupInfo');
    expect(peek(group)).toBeUndefined();
    expect(peek(groupRank)).toEqual(ready(2));
  });

  it('asks one reader of a key, however many are on screen', () => {
    const key = keyOf('creator.upgradeView', {});
    put(key, ready('view'));
    const calls: number[] = [];
    const undoA = onInvalidate(key, () => calls.push(1));
    const undoB = onInvalidate(key, () => calls.push(2));
    invalidate('creator.upgradeView');
    expect(calls).toEqual([1]);
    undoA();
    undoB();
  });
});
