// Issue 14 point 2: which failures are the network's (a retry can fix them) rather than a bug.

// What browsers say when a fetch or a module import never got an answer: Chromium, Firefox, Safari.
const NETWORK_MESSAGE =
  /failed to fetch|networkerror|load failed|network request failed|dynamically imported module|importing a module script failed|error loading dynamically imported/i;
// A lazy chunk that did not arrive: React.lazy keeps the rejection, only a new document retries it.
const CHUNK_MESSAGE = /dynamically imported module|importing a module script failed/i;

/** True when `error` is a request or a chunk that failed on the network (or the browser is offline). */
export function isNetworkFailure(error: unknown, online: boolean = navigator.onLine): boolean {
  if (error instanceof Error && NETWORK_MESSAGE.test(error.message)) return true;
  // A failed route-data fetch while offline may surface as any error; it is still the network.
  return !online && error instanceof Error;
}

/** True when the failure is a lazily loaded chunk that did not arrive. */
export function isChunkFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_MESSAGE.test(error.message);
}
