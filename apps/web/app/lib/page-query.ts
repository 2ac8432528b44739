import { DEBUG_QUERY_ON, isFlagOn, QUERY_PARAMS, USER_ROLE_HOST } from '@h5/core';
import { type QueryName, readQuery } from './query-params';

// Apart from query-params.ts: only lazily loaded code (platform boot, downgrade) reads all of them.

/** Every query parameter of spec §2, read in one place. */
export interface PageQuery {
  /** `debug=1`: the debug console loads. */
  debug: boolean;
  streamId: string | null;
  streamLogId: string | null;
  /** `userRole=1`: the user is the host in a live context (spec §6). */
  isHost: boolean;
  /** The test helper (debug console) is requested. */
  openTestHelper: boolean;
  cancelDelay: boolean;
  downgrade: boolean;
}

/** Reads the spec's query parameters from a search string or a URL's params. */
export function readPageQuery(search: string | URLSearchParams): PageQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const read = (name: QueryName) => readQuery(params, name);
  return {
    debug: read(QUERY_PARAMS.debug) === DEBUG_QUERY_ON,
    streamId: read(QUERY_PARAMS.streamId),
    streamLogId: read(QUERY_PARAMS.streamLogId),
    isHost: Number(read(QUERY_PARAMS.userRole)) === USER_ROLE_HOST,
    openTestHelper: isFlagOn(read(QUERY_PARAMS.openTestHelper)),
    cancelDelay: isFlagOn(read(QUERY_PARAMS.cancelDelay)),
    downgrade: isFlagOn(read(QUERY_PARAMS.downgrade)),
  };
}
