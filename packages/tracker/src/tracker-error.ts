/** Why a tracker could not be registered, or why the analytics could not start. */
export type TrackerErrorCode =
  | 'notTrackerInstance'
  | 'nameRequired'
  | 'targetRequired'
  | 'trackRequired'
  | 'alreadyRegistered'
  | 'configMissing';

/** A registration or configuration error; `message` is the spec's Chinese text (TRACKER_MESSAGES). */
export class TrackerError extends Error {
  override readonly name = 'TrackerError';

  constructor(
    readonly code: TrackerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isTrackerError(error: unknown): error is TrackerError {
  return error instanceof TrackerError;
}
