import type { StorageError } from '@h5/contract';
import { storageMessageOf, xmlDocument } from '@h5/core';

/**
 * A refusal of the storage host or CDN, thrown in handlers; each scope's error handler sends it:
 * the storage host as OSS's XML `<Error>` (docs/upload-protocol.md §2), the CDN as JSON
 * `{ code, msg, message }` (§4). `message` is OSS's developer text, the person's text comes from
 * the code (or is given, e.g. naming the refused field).
 */
export class StorageHostError extends Error {
  override readonly name = 'StorageHostError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The person's text when the code's own is too vague (e.g. which field was refused). */
    readonly userMessage?: string,
    /** More elements of the XML body, as OSS adds for some codes (`StringToSign`, `Condition`…). */
    readonly details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  body(): StorageError {
    return storageErrorBody(this.code, this.message, this.userMessage);
  }
}

/** The CDN's JSON error body for a code: the person's text from the code (unless given), the developer's as given. */
export const storageErrorBody = (
  code: string,
  message: string,
  msg = storageMessageOf(code),
): StorageError => ({
  code,
  msg,
  message,
});

/** What the storage host's XML error body says besides the code and texts. */
export interface OssErrorContext {
  requestId: string;
  hostId: string;
}

/**
 * OSS's error document: `Code`, `Message`, `RequestId`, `HostId`, then the code's own details
 * and `UserMessage` (the person's text; OSS clients ignore elements they do not know).
 */
export function ossErrorXml(
  error: {
    code: string;
    message: string;
    userMessage?: string | undefined;
    details?: Readonly<Record<string, string>>;
  },
  context: OssErrorContext,
): string {
  return xmlDocument('Error', {
    Code: error.code,
    Message: error.message,
    RequestId: context.requestId,
    HostId: context.hostId,
    ...error.details,
    UserMessage: error.userMessage ?? storageMessageOf(error.code),
  });
}

export const isStorageHostError = (error: unknown): error is StorageHostError =>
  error instanceof StorageHostError;

export const accessDenied = (message: string) => new StorageHostError(403, 'AccessDenied', message);
export const invalidArgument = (message: string) => new StorageHostError(400, 'InvalidArgument', message);
export const invalidObjectName = (message: string) => new StorageHostError(400, 'InvalidObjectName', message);
export const noSuchUpload = () =>
  new StorageHostError(404, 'NoSuchUpload', 'The specified upload does not exist.');
export const noSuchKey = () => new StorageHostError(404, 'NoSuchKey', 'The specified key does not exist.');
export const signatureDoesNotMatch = (details: Readonly<Record<string, string>> = {}) =>
  new StorageHostError(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided.',
    undefined,
    details,
  );
