import { entryNameOf, type PublicRuntimeConfig } from '@h5/contract';
import type { UploadConfig, Uploader } from '@h5/upload';
import type { LazyApi } from '../../lib/api-client';
import { recordUpload } from '../../lib/diagnostics';
import { usesNativeApp } from '../app-mode';
import { loadPageBridge } from '../page-bridge';

export interface LoadedUploader {
  uploader: Uploader;
  /** The text to show for a failure (spec §8: msg, statusText or message). */
  messageOf: (error: unknown) => string;
}

let sequence = 0;

/** The uploader, each upload also listed in the debug console's platform tab as it goes. */
function withDiagnostics(uploader: Uploader, messageOf: (error: unknown) => string): Uploader {
  return {
    ...uploader,
    upload(file, options = {}) {
      const base = { id: `u${++sequence}`, name: file.name, size: file.size };
      recordUpload({ ...base, percent: 0, state: 'checking' });
      const result = uploader.upload(file, {
        ...options,
        onProgress: (progress) => {
          recordUpload({ ...base, percent: progress.percent, state: 'uploading' });
          options.onProgress?.(progress);
        },
      });
      result.then(
        () => recordUpload({ ...base, percent: 100, state: 'done' }),
        (error: unknown) => recordUpload({ ...base, percent: 0, state: 'error', error: messageOf(error) }),
      );
      return result;
    },
  };
}

/** One uploader per config (the console's differs from the forms'), each built once. */
const loaded = new Map<string, Promise<LoadedUploader>>();

/**
 * The page's uploader: `@h5/upload` is imported on first use (its own chunk, never first-load
 * JS) and initialised once per config, calling the token gateways through the app's API client
 * (and, in the app, healing a missing login cookie through the bridge). A failed chunk load is
 * not cached, so the next attempt imports again.
 */
export function loadUploader(
  api: LazyApi,
  config: UploadConfig,
  runtime: Pick<PublicRuntimeConfig, 'cookieDomain'> | undefined,
): Promise<LoadedUploader> {
  const key = JSON.stringify(config);
  const existing = loaded.get(key);
  if (existing) return existing;
  // The SDK's calls are the upload domain's, which it brings with it: naming them costs no extra
  // chunk. (Importing the whole contract here made every browser import of it take all domains.)
  const loading = Promise.all([import('@h5/upload'), import('@h5/contract/domains/upload')]).then(
    ([sdk, { upload }]) => {
      const uploader = sdk.initUpload(config, {
        // The SDK holds endpoints; the app's client takes names.
        api: (endpoint, input, options) =>
          api(entryNameOf({ upload }, endpoint), input as never, options) as Promise<never>,
        // In the app a missing login cookie is resynced natively once, as the API client does.
        ...(runtime && usesNativeApp()
          ? { ensureCookies: async () => (await loadPageBridge(runtime)).ensureCookies() }
          : {}),
      });
      return {
        uploader: withDiagnostics(uploader, sdk.normaliseUploadError),
        messageOf: sdk.normaliseUploadError,
      };
    },
    (error: unknown) => {
      loaded.delete(key);
      throw error;
    },
  );
  loaded.set(key, loading);
  return loading;
}
