import type { StorageError } from '@h5/contract';

/**
 * A refusal of the storage host or CDN: not enveloped, `{ code, message }` with a 4xx status
 * (docs/upload-protocol.md §2). Thrown in handlers; the storage scope's error handler sends it.
 */
export class StorageHostError extends Error {
  override readonly name = 'StorageHostError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  body(): StorageError {
    return { code: this.code, message: this.message };
  }
}

export const isStorageHostError = (error: unknown): error is StorageHostError =>
  error instanceof StorageHostError;

export const accessDenied = (message: string) => new StorageHostError(403, 'AccessDenied', message);
export const invalidArgument = (message: string) => new StorageHostError(400, 'InvalidArgument', message);
export const invalidObjectName = (message: string) => new StorageHostError(400, 'InvalidObjectName', message);
export const noSuchUpload = () =>
  new StorageHostError(404, 'NoSuchUpload', 'The specified upload does not exist.');
export const noSuchKey = () => new StorageHostError(404, 'NoSuchKey', 'The specified key does not exist.');
