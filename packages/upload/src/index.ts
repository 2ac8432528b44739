/**
 * The upload SDK (spec §3, §5, §7; docs/upload-protocol.md): file checks, token gateways,
 * direct (PostObject), multipart with resume, and server upload. Browser-first; every platform
 * API is an injectable dependency.
 */
export type { FileTypeEnum, StoredObject, UploadGateway, UploadToken } from '@h5/contract';
export type { KeyValueStorage, UploadConfig, UploadDeps } from './config';
export type { ProcessedFileInfo, UploadFile } from './file-checks';
export type { UploadProgress } from './progress';
export type { ServerUploadOptions } from './server-upload';
export type { Transport, TransportRequest, TransportResponse } from './transport';
export { fetchTransport, xhrTransport } from './transport';
export { isUploadError, normaliseUploadError, UploadError } from './upload-error';
export {
  createUploader,
  getUploader,
  initUpload,
  resetUploader,
  type Uploader,
  type UploadOptions,
  type UploadResult,
} from './uploader';
