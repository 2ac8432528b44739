import { contract, type EntryInput, type EntryName, type EntryOutput, entryOf } from '@h5/contract';
import { PREFETCH_TIMEOUT_MS } from '@h5/core';
import type { AppLoadContext } from 'react-router';

/** How a server-side wait ended: its data, or why the browser loads it instead. */
export type PrefetchResult<T> =
  | { ok: true; data: T }
  | { ok: false; reason: 'timeout' }
  | { ok: false; reason: 'error'; error: unknown };

const TIMED_OUT = { ok: false, reason: 'timeout' } as const;

/**
 * One deadline per page request (its load context), started by its first wait. React Router
 * runs the root's and the route's loaders together as the request arrives, so this is the
 * request's own clock: calls made one after another (a user home by hashId, then its profile)
 * share the 3000 ms instead of getting 3000 ms each.
 */
const deadlines = new WeakMap<AppLoadContext, Promise<typeof TIMED_OUT>>();
/** Page requests whose deadline has passed: a wait asked for after it does not start. */
const expired = new WeakSet<AppLoadContext>();

function deadlineOf(context: AppLoadContext): Promise<typeof TIMED_OUT> {
  let deadline = deadlines.get(context);
  if (!deadline) {
    deadline = new Promise((resolve) => {
      const timer = setTimeout(() => {
        expired.add(context);
        resolve(TIMED_OUT);
      }, PREFETCH_TIMEOUT_MS);
      // A finished page never waits for its deadline to pass.
      timer.unref?.();
    });
    deadlines.set(context, deadline);
  }
  return deadline;
}

/**
 * Races a server-side wait of a page request against that request's deadline (spec §4: a
 * prefetch over 3000 ms is abandoned and the page renders on the client). Never rejects: a
 * failure is `{ ok: false, reason: 'error', error }` for the loader to judge (not-found, login).
 */
export function withinPrefetchLimit<T>(
  context: AppLoadContext,
  work: Promise<T>,
): Promise<PrefetchResult<T>> {
  const settled = work.then(
    (data): PrefetchResult<T> => ({ ok: true, data }),
    (error: unknown): PrefetchResult<T> => ({ ok: false, reason: 'error', error }),
  );
  return Promise.race([settled, deadlineOf(context)]);
}

/**
 * The one way a loader calls the API: `context.api` (the in-process call) within the page
 * request's prefetch limit. Every loader goes through it (`prefetch.server.test.ts` checks).
 */
export function prefetch<N extends EntryName>(
  context: AppLoadContext,
  name: N,
  input: EntryInput<N>,
): Promise<PrefetchResult<EntryOutput<N>>> {
  if (expired.has(context)) return Promise.resolve(TIMED_OUT);
  return withinPrefetchLimit(context, context.api(entryOf(contract, name), input) as Promise<EntryOutput<N>>);
}

/** The data of a prefetch that came in time and succeeded, else null (the browser loads it). */
export const dataOf = <T>(result: PrefetchResult<T>): T | null => (result.ok ? result.data : null);
