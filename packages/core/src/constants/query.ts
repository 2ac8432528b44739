// Query parameters the pages read (spec §2).

/** Query flag (and local-storage key) of downgrade mode. */
export const DOWNGRADE_QUERY_FLAG = 'downgrade_to_export';
/** Query parameters the pages read (spec §2). */
export const QUERY_PARAMS = {
  debug: 'debug',
  streamId: 'streamId',
  streamLogId: 'streamLogId',
  userRole: 'userRole',
  openTestHelper: 'openTestHelper',
  cancelDelay: 'cancelDelay',
  downgrade: DOWNGRADE_QUERY_FLAG,
} as const;
/** `debug=1` switches the debug console on. */
export const DEBUG_QUERY_ON = '1';
/** `userRole=1` marks the user as the host in a live context (spec §6). */
export const USER_ROLE_HOST = 1;
