import { BRIDGE_ERROR, type BridgeCallKind, type BridgeErrorCode } from './protocol';

const KNOWN_CODES: ReadonlySet<number> = new Set(Object.values(BRIDGE_ERROR));

/** A failed bridge call: time-out, cancel, unsupported, dismissed, native failure or login required. */
export class BridgeError extends Error {
  override readonly name = 'BridgeError';

  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    /** The request kind that failed, when there was one. */
    readonly kind?: BridgeCallKind,
  ) {
    super(message);
  }
}

/** True for a {@link BridgeError}, optionally of one code. */
export function isBridgeError(error: unknown, code?: BridgeErrorCode): error is BridgeError {
  return error instanceof BridgeError && (code === undefined || error.code === code);
}

/** The error of a native `ok: false` answer; a code outside {@link BRIDGE_ERROR} counts as `failed`. */
export function nativeFailure(kind: BridgeCallKind, error: { code: number; message: string }): BridgeError {
  const code = KNOWN_CODES.has(error.code) ? (error.code as BridgeErrorCode) : BRIDGE_ERROR.failed;
  return new BridgeError(code, error.message || `${kind} failed`, kind);
}

/** The user closed a sheet or cancelled: an expected outcome, not a fault to report. */
export function isExpectedOutcome(error: unknown): boolean {
  return isBridgeError(error, BRIDGE_ERROR.dismissed) || isBridgeError(error, BRIDGE_ERROR.cancelled);
}
