import type { Endpoint, RequestOf, ResponseOf } from '@h5/contract';
import type { LazyApi } from '../api-client';
import type { H5UploadConfig } from './upload-config';

/** Progress of one upload, as the SDK reports it. */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/** What the SDK answers for a stored file (spec §3 Upload result). */
export interface UploadedFile {
  name: string;
  cdn: string;
  fileKey: string;
}

/** The part of the SDK's uploader the H5 uses. */
export interface H5Uploader {
  upload(
    file: File,
    options?: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
  ): Promise<UploadedFile>;
}

/** The part of `@h5/upload`'s public API the H5 uses. */
interface UploadSdk {
  initUpload(
    config: H5UploadConfig,
    deps: {
      api: <E extends Endpoint>(
        endpoint: E,
        input: RequestOf<E>,
        options?: { headers?: Record<string, string> },
      ) => Promise<ResponseOf<E>>;
    },
  ): H5Uploader;
  normaliseUploadError(error: unknown): string;
}

export interface LoadedUploader {
  uploader: H5Uploader;
  /** The text to show for a failure (spec §8: msg, statusText or message). */
  messageOf: (error: unknown) => string;
}

let loaded: Promise<LoadedUploader> | undefined;

/**
 * The page's uploader: `@h5/upload` is imported on first use (its own chunk, never first-load
 * JS) and initialised once, calling the token gateways through the app's API client. A failed
 * chunk load is not cached, so the next attempt imports again.
 */
export function loadUploader(api: LazyApi, config: H5UploadConfig): Promise<LoadedUploader> {
  loaded ??= import('@h5/upload').then(
    (module) => {
      const sdk = module as unknown as UploadSdk;
      const uploader = sdk.initUpload(config, {
        api: (endpoint, input, options) => api(() => endpoint, input, options),
      });
      return { uploader, messageOf: (error) => sdk.normaliseUploadError(error) };
    },
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}
