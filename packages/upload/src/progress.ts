/** A progress report: bytes of the file, and for multipart the part being sent and the count done. */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
  partNumber?: number;
  partsDone?: number;
  partsTotal?: number;
}

/**
 * A reporter that never goes backwards (a part re-sent after a token refresh starts its bytes
 * again) and reports 100 % only when told the upload is done.
 */
export function createProgressReporter(total: number, onProgress: ((p: UploadProgress) => void) | undefined) {
  let last = -1;
  return (loaded: number, extra: Omit<UploadProgress, 'loaded' | 'total' | 'percent'> = {}, done = false) => {
    if (!onProgress) return;
    const clamped = done ? total : Math.min(Math.max(loaded, last, 0), total);
    if (clamped === last && !done) return;
    last = clamped;
    const percent = done || total === 0 ? 100 : Math.min(99, Math.floor((clamped / total) * 100));
    onProgress({ loaded: clamped, total, percent, ...extra });
  };
}
