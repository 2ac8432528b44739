import { type ServerUploadResult, STORAGE_PATHS, serverUploadResultSchema } from '@h5/contract';
import { REQUEST_MESSAGES, SUCCESS } from '@h5/core';
import { browserGlobal } from './browser-globals';
import { parseJson, responseError, send } from './send';
import type { Transport } from './transport';
import { normaliseUploadError, UploadError } from './upload-error';

/** Options of the server upload (media centre) of spec §7. */
export interface ServerUploadOptions {
  /** Origin of the media centre; default the page's origin. */
  mediaCenter?: string;
  accessToken: string;
  backstageCode: string;
  /** Signs `${accessToken}\n${backstageCode}\n${timestamp}` (the app's secret stays with the caller). */
  sign: (input: {
    accessToken: string;
    backstageCode: string;
    timestamp: string;
  }) => string | Promise<string>;
  customName?: string;
  isCompress?: boolean;
  isOriginalName?: boolean;
  /** 1–100 when isCompress. */
  quality?: number;
  onProgress?: (p: { loaded: number; total: number; percent: number }) => void;
  signal?: AbortSignal;
}

/** Posts a file to `{media center}/media-center/open/uploadFile`; resolves the envelope's data. */
export async function postServerUpload(
  transport: Transport,
  timeoutMs: number,
  appId: string,
  file: Blob & { name: string },
  options: ServerUploadOptions,
  onBytes: (loaded: number) => void,
): Promise<ServerUploadResult> {
  const timestamp = String(Date.now());
  const { accessToken, backstageCode } = options;
  const signature = await options.sign({ accessToken, backstageCode, timestamp });
  const form = new FormData();
  form.append('appId', appId);
  if (options.customName !== undefined) form.append('customName', options.customName);
  if (options.isCompress !== undefined) form.append('isCompress', String(options.isCompress));
  if (options.isOriginalName !== undefined) form.append('isOriginalName', String(options.isOriginalName));
  if (options.quality !== undefined) form.append('quality', String(options.quality));
  form.append('file', file, file.name);
  const origin = options.mediaCenter ?? browserGlobal<{ origin: string }>('location')?.origin ?? '';
  const response = await send(
    transport,
    {
      method: 'POST',
      url: `${origin.replace(/\/$/, '')}${STORAGE_PATHS.serverUpload}`,
      headers: { accessToken, backstageCode, timestamp, signature },
      body: form,
      onUploadProgress: (loaded, total) => onBytes(total > 0 ? Math.floor((loaded / total) * file.size) : 0),
    },
    timeoutMs,
    options.signal,
  );
  const envelope = parseJson(response.text) as { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  if (response.status !== 200 || !envelope || envelope.code !== SUCCESS) {
    if (!envelope || typeof envelope.code !== 'number') throw responseError(response);
    throw new UploadError(
      normaliseUploadError({
        msg: envelope.msg,
        statusText: response.statusText,
        message: `code ${envelope.code}`,
      }),
      envelope.code,
      response.status,
    );
  }
  const parsed = serverUploadResultSchema.safeParse(envelope.data);
  if (!parsed.success) throw new UploadError(REQUEST_MESSAGES.loadFailed, 'InvalidResponse', 200);
  return parsed.data;
}
