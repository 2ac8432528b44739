// The backstage's wire (issue 30): operator sessions of their own, never an app user's.

/** Cookie of an operator session: HttpOnly, SameSite=Strict, short-lived. */
export const OPERATOR_SESSION_COOKIE = 'h5_op';
/** Cookie the backstage page echoes in {@link OPERATOR_CSRF_HEADER} on every write (double submit). */
export const OPERATOR_CSRF_COOKIE = 'h5_op_csrf';
/** Header of an operator write: the session's CSRF token. */
export const OPERATOR_CSRF_HEADER = 'x-op-csrf';
/** Header of an operator write: a fresh random id; a second request with the same one is a replay. */
export const OPERATOR_NONCE_HEADER = 'x-op-nonce';
/** Header of an operator write: the client's clock in epoch ms; too far from the server's is refused. */
export const OPERATOR_TIME_HEADER = 'x-op-time';
/** How far an operator write's time may be from the server's (and how long nonces are kept). */
export const OPERATOR_REQUEST_MAX_SKEW_MS = 5 * 60_000;
