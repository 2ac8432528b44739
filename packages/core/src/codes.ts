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
export const INTERNAL_ERROR = 500;
