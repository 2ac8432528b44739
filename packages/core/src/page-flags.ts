import { DEBUG_QUERY_ON, QUERY_PARAMS } from './constants';

/** True for a present flag that is not explicitly off ('0' / 'false'). */
export function isFlagOn(value: string | null): boolean {
  return value !== null && value !== '0' && value !== 'false';
}

/**
 * Spec §2 / DESIGN.md §6: the debug console loads only with `debug=1` or `openTestHelper`. The
 * page decides with it, and the server too (the page's Content-Security-Policy lets the
 * console evaluate what a tester types only then).
 */
export function wantsDebugConsole(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return (
    params.get(QUERY_PARAMS.debug) === DEBUG_QUERY_ON || isFlagOn(params.get(QUERY_PARAMS.openTestHelper))
  );
}
