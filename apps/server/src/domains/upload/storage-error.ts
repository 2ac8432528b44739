import type { StorageError } from '@h5/contract';
import { storageUserMessage } from './storage-messages';

/**
 * A refusal of the storage host or CDN: not enveloped, `{ code, msg, message }` with a 4xx status
 * (docs/upload-protocol.md §2): `msg` for people, `message` for developers. Thrown in handlers; the storage scope's error handler sends it.
 */
export class StorageHostError extends Error {
  override readonly name = 'StorageHostError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The person's text when the code's own is too vague (e.g. which field was refused). */
    readonly userMessage?: string,
  ) {
    super(message);
  }

  body(): StorageError {
    return storageErrorBody(this.code, this.message, this.userMessage);
  }
}

/** The storage host's error body for a code: the person's text from the code (unless given), the developer's as given. */
export const storageErrorBody = (
  code: string,
  message: string,
  msg = storageUserMessage(code),
): StorageError => ({
  code,
  msg,
  message,
});

export const isStorageHostError = (error: unknown): error is StorageHostError =>
  error instanceof StorageHostError;

export const accessDenied = (message: string) => new StorageHostError(403, 'AccessDenied', message);
export const invalidArgument = (message: string) => new StorageHostError(400, 'InvalidArgument', message);
export const invalidObjectName = (message: string) => new StorageHostError(400, 'InvalidObjectName', message);
export const noSuchUpload = () =>
  new StorageHostError(404, 'NoSuchUpload', 'The specified upload does not exist.');
export const noSuchKey = () => new StorageHostError(404, 'NoSuchKey', 'The specified key does not exist.');
