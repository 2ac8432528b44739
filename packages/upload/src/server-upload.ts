import { type ServerUploadResult, STORAGE_PATHS, serverUploadResultSchema } from '@h5/contract';
import { isHttpSuccessStatus, REQUEST_MESSAGES, SUCCESS } from '@h5/core';
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
  const body = parseJson(response.text);
  const answer = body !== null && typeof body === 'object' ? (body as MediaCenterAnswer) : undefined;
  const code = answer ? answerCode(answer) : undefined;
  if (!isHttpSuccessStatus(response.status) || code === undefined) throw responseError(response);
  if (!isServerUploadSuccess(answer)) {
    // 200 without data: its msg is a success's ('ok'), so the spec's fallback text. Otherwise the
    // body's own texts (spec §8: msg, statusText, message), never the HTTP 'OK' it came with.
    const text =
      code === SUCCESS
        ? REQUEST_MESSAGES.loadFailed
        : normaliseUploadError({
            msg: answer?.msg,
            statusText: answer?.statusText,
            message: answer?.message,
          });
    throw new UploadError(text, code, response.status);
  }
  const parsed = serverUploadResultSchema.safeParse(answer?.data);
  if (!parsed.success) throw new UploadError(REQUEST_MESSAGES.loadFailed, 'InvalidResponse', response.status);
  return parsed.data;
}

/** The media centre's answer: an envelope with `code` or `status` (spec §7). */
interface MediaCenterAnswer {
  code?: unknown;
  status?: unknown;
  msg?: unknown;
  statusText?: unknown;
  message?: unknown;
  data?: unknown;
}

/** The answer's code: `code`, else its own `status`; undefined when it has neither as a number. */
const answerCode = (answer: MediaCenterAnswer): number | undefined =>
  typeof answer.code === 'number'
    ? answer.code
    : typeof answer.status === 'number'
      ? answer.status
      : undefined;

/** Spec §7's server upload success: `code` or `status` is 200, and there is data. */
export function isServerUploadSuccess(answer: MediaCenterAnswer | null | undefined): boolean {
  if (!answer) return false;
  return (
    (answer.code === SUCCESS || answer.status === SUCCESS) &&
    answer.data !== null &&
    answer.data !== undefined
  );
}
