/** Response codes of the wire (DESIGN.md §4, spec §8–§9). */
export const SUCCESS = 200;
/** Token expired: the login handler runs. */
export const TOKEN_EXPIRED = 700;
/** Not logged in (tourist): the login handler runs. */
export const TOURIST = 7999;
/** HTTP status of a risk check: pass a captcha, then retry. */
export const RISK_CHECK = 485;
/** Our own codes for refusals the spec leaves open (documented in docs/api.md). */
export const BAD_REQUEST = 400;
export const SIGN_INVALID = 4011;
export const NOT_FOUND = 404;
export const LOGIN_CODE_INVALID = 4021;
/** A login code was requested again within the resend interval. */
export const LOGIN_CODE_TOO_FREQUENT = 4022;
/** The login code had its tries (LOGIN_CODE_MAX_ATTEMPTS) and is dead: request a new one. */
export const LOGIN_CODE_ATTEMPTS_EXCEEDED = 4023;
/** The SMS provider did not take the login code (issue 31 point 2): nothing was spent, retry. */
export const LOGIN_CODE_DELIVERY_FAILED = 4024;
export const INTERNAL_ERROR = 500;
/** A caller without the right to this path (internal pages without loopback or operator token). */
export const FORBIDDEN = 403;
/** A request body over the route's limit: HTTP 413 with a readable envelope. */
export const PAYLOAD_TOO_LARGE = 413;
/** Too many calls of one kind from one caller (login guesses, captchas, collectors): HTTP 429. */
export const TOO_MANY_REQUESTS = 429;
/** The database (or another dependency) is unreachable: HTTP 503; retry later, nothing was written. */
export const SERVICE_UNAVAILABLE = 503;
