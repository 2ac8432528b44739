import type { FileTypeEnum, StoredObject, UploadToken } from '@h5/contract';
import {
  BYTES_PER_MB,
  MULTIPART_CHUNK_BYTES,
  SERVER_IMAGE_MAX_MB,
  UPLOAD_MESSAGES,
  UPLOAD_TIMEOUT_MS,
} from '@h5/core';
import { browserGlobal } from './browser-globals';
import { checkpointKeyOf } from './checkpoint';
import {
  assertConfigReady,
  assertMonitorParams,
  type KeyValueStorage,
  type UploadConfig,
  type UploadDeps,
} from './config';
import { directUpload } from './direct-upload';
import { checkLocally, fileTypeOf, type ProcessedFileInfo, sizeInMB, type UploadFile } from './file-checks';
import { createFileTypesLoader } from './file-types';
import { gatewayCallOf } from './gateway';
import { readImageSizeInBrowser } from './image-size';
import { multipartUpload, partsTotalOf } from './multipart';
import { objectKeyOf } from './object-key';
import { createProgressReporter, type UploadProgress } from './progress';
import { throwIfAborted } from './send';
import { postServerUpload, type ServerUploadOptions } from './server-upload';
import type { StorageContext } from './storage-context';
import { createTokenSource, type TokenRequest } from './token-source';
import { defaultTransport } from './transport';
import { isUploadError, normaliseUploadError, UploadError } from './upload-error';

/** Options of one upload. */
export interface UploadOptions {
  /** Folder under the app's folder (else the file type's). */
  folder?: string;
  /** Lowers the client image size limit (never raises it above CLIENT_IMAGE_MAX_MB). */
  maxSizeMB?: number;
  /** Given together with maxHeight. */
  maxWidth?: number;
  maxHeight?: number;
  /** 'auto' (default): multipart above 5 parts' worth of bytes. */
  mode?: 'auto' | 'direct' | 'multipart';
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Upload result of spec §3 (plus the stored object). */
export interface UploadResult {
  /** The file's name as given. */
  name: string;
  blob: Blob;
  /** `${cdnHost}/${key}` */
  cdn: string;
  fileKey: string;
  object: StoredObject;
}

/** The uploader of one app. */
export interface Uploader {
  /** Runs the checks of spec §5 (no network unless they pass) and describes the file. */
  checkFile(file: UploadFile, options?: UploadOptions): Promise<ProcessedFileInfo>;
  /** Checks, then uploads directly (PostObject) or in parts. */
  upload(file: UploadFile, options?: UploadOptions): Promise<UploadResult>;
  /** Uploads through the media centre (the app's credentials, signed by the caller). */
  serverUpload(file: UploadFile, options: ServerUploadOptions): Promise<UploadResult>;
  /** The file-type enum (cached per session). */
  getFileTypes(): Promise<FileTypeEnum>;
}

/** Above this, 'auto' goes multipart (5 parts' worth). */
export const MULTIPART_THRESHOLD_BYTES = 5 * MULTIPART_CHUNK_BYTES;

/** Any failure as an UploadError with the spec §8 message. */
const asUploadError = (error: unknown): UploadError => {
  if (isUploadError(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  return new UploadError(
    normaliseUploadError(error),
    typeof code === 'string' || typeof code === 'number' ? code : undefined,
    undefined,
    { cause: error },
  );
};

/** Creates an uploader without registering it (initUpload registers one for getUploader). */
export function createUploader(config: UploadConfig, deps: UploadDeps): Uploader {
  assertMonitorParams(config);
  const now = deps.now ?? Date.now;
  const transport = deps.transport ?? defaultTransport();
  const local = deps.storage?.local ?? browserGlobal<KeyValueStorage>('localStorage');
  const session = deps.storage?.session ?? browserGlobal<KeyValueStorage>('sessionStorage');
  const cookie = deps.cookie ?? (() => browserGlobal<{ cookie: string }>('document')?.cookie ?? '');
  const readImageSize = deps.readImageSize ?? readImageSizeInBrowser;
  const timeoutMs = config.timeout ?? UPLOAD_TIMEOUT_MS;
  const getFileTypes = createFileTypesLoader(deps.api, session);

  // A missing cookie in the app's webview (the WKWebView cookie-sync problem) is healed once
  // before the spec's '请检查后重新上传' is shown.
  const gatewayCall = async () => {
    try {
      return gatewayCallOf(config, cookie);
    } catch (error) {
      const empty = isUploadError(error) && error.message === UPLOAD_MESSAGES.cookieEmpty;
      if (!empty || !deps.ensureCookies || !(await deps.ensureCookies().catch(() => false))) throw error;
      return gatewayCallOf(config, cookie);
    }
  };

  const tokens = createTokenSource(async (request: TokenRequest): Promise<UploadToken> => {
    const call = await gatewayCall();
    const body = {
      appId: config.appId,
      fileName: request.fileName,
      type: request.type,
      ...(request.folder ? { folder: request.folder } : {}),
      ...(call.openObject ? { openObject: call.openObject } : {}),
    };
    return (await deps.api(call.endpoint, body, { headers: call.headers })) as UploadToken;
  }, now);

  const requireFile = (file: UploadFile | undefined | null): UploadFile => {
    assertConfigReady(config);
    if (!file || typeof (file as Blob).size !== 'number' || typeof file.name !== 'string') {
      throw new UploadError(UPLOAD_MESSAGES.fileRequired);
    }
    return file;
  };

  const checkFile = async (input: UploadFile, options: UploadOptions = {}): Promise<ProcessedFileInfo> => {
    const file = requireFile(input);
    const checked = await checkLocally(file, {
      strictPictureApp: config.strictPictureApp,
      noSupportSuffix: config.noSupportSuffix,
      limits: options,
      clientSizeLimit: true,
      readImageSize,
    });
    const types = await getFileTypes();
    return { ...checked, size: sizeInMB(file.size), type: fileTypeOf(types, checked.suffix) };
  };

  return {
    checkFile: (file, options) =>
      checkFile(file, options).catch((error: unknown) => Promise.reject(asUploadError(error))),

    async upload(input, options = {}) {
      try {
        const info = await checkFile(input, options);
        const file = input;
        throwIfAborted(options.signal);
        const report = createProgressReporter(file.size, options.onProgress);
        const ctx: StorageContext = {
          transport,
          timeoutMs,
          tokens,
          tokenRequest: { fileName: file.name, type: info.type, folder: options.folder },
          objectAcl: config.objectAcl,
          local,
          signal: options.signal,
        };
        const mode = options.mode ?? 'auto';
        const newKey = (token: UploadToken) => objectKeyOf(token.startsWith, info.suffix);
        const multipart = mode === 'multipart' || (mode === 'auto' && file.size > MULTIPART_THRESHOLD_BYTES);
        const partsTotal = partsTotalOf(file.size);
        const stored = multipart
          ? await multipartUpload(ctx, {
              file,
              contentType: file.type || 'application/octet-stream',
              newKey,
              checkpointKey: checkpointKeyOf(config.appId, file),
              now,
              onProgress: (loaded, extra) => report(loaded, extra),
            })
          : await directUpload(ctx, file, newKey, (loaded) => report(loaded));
        report(file.size, multipart ? { partsDone: partsTotal, partsTotal } : {}, true);
        // OSS answers a key and an ETag; the rest is what the SDK knows of the file it sent.
        const object: StoredObject = {
          bucket: stored.token.bucket,
          key: stored.key,
          size: file.size,
          etag: stored.etag,
          contentType: file.type || 'application/octet-stream',
          url: `${stored.token.cdnHost}/${stored.key}`,
          width: info.width,
          height: info.height,
        };
        return { name: file.name, blob: file, cdn: object.url, fileKey: object.key, object };
      } catch (error) {
        throw asUploadError(error);
      }
    },

    async serverUpload(input, options) {
      try {
        const file = requireFile(input);
        await checkLocally(file, {
          strictPictureApp: config.strictPictureApp,
          noSupportSuffix: config.noSupportSuffix,
          limits: {},
          clientSizeLimit: false,
          readImageSize: async () => null, // the media centre has no dimension rules
        });
        if (file.size > SERVER_IMAGE_MAX_MB * BYTES_PER_MB) {
          throw new UploadError(UPLOAD_MESSAGES.serverImageTooLarge(SERVER_IMAGE_MAX_MB));
        }
        const report = createProgressReporter(file.size, options.onProgress);
        const data = await postServerUpload(transport, timeoutMs, config.appId, file, options, (loaded) =>
          report(loaded),
        );
        report(file.size, {}, true);
        return { name: data.name, blob: file, cdn: data.url, fileKey: data.key, object: data };
      } catch (error) {
        throw asUploadError(error);
      }
    },

    getFileTypes: () => getFileTypes().catch((error: unknown) => Promise.reject(asUploadError(error))),
  };
}

let current: Uploader | undefined;

/** Validates the config (monitor params first) and makes its uploader the app's. */
export function initUpload(config: UploadConfig, deps: UploadDeps): Uploader {
  current = createUploader(config, deps);
  return current;
}

/** The app's uploader; throws '应用未初始化上传SDK' before initUpload. */
export function getUploader(): Uploader {
  if (!current) throw new UploadError(UPLOAD_MESSAGES.sdkNotInitialised);
  return current;
}

/** Forgets the app's uploader (tests, sign-out). */
export function resetUploader(): void {
  current = undefined;
}
