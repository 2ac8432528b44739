import {
  CLIENT_MESSAGES,
  parseXml,
  REQUEST_MESSAGES,
  STORAGE_MESSAGES,
  type XmlElement,
  xmlChildText,
} from '@h5/core';
import type { Transport, TransportRequest, TransportResponse } from './transport';
import { normaliseUploadError, UploadError } from './upload-error';

/** The aborted rejection of an upload its caller cancelled. */
export const abortedError = (cause?: unknown): UploadError =>
  new UploadError(CLIENT_MESSAGES.aborted, 'aborted', undefined, { cause });

/** Throws the aborted rejection when `signal` has aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(signal.reason);
}

/**
 * One request with its own time-out (config.timeout per request, so a 39-part upload is not
 * held to one request's budget) and the caller's signal. No answer becomes an UploadError
 * ('aborted', 'timeout' or 'network'); any answer resolves.
 */
export async function send(
  transport: Transport,
  request: Omit<TransportRequest, 'signal'>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<TransportResponse> {
  throwIfAborted(signal);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await transport({ ...request, signal: controller.signal });
  } catch (error) {
    if (signal?.aborted) throw abortedError(signal.reason);
    if (timedOut)
      throw new UploadError(CLIENT_MESSAGES.timeout(timeoutMs), 'timeout', undefined, { cause: error });
    throw new UploadError(CLIENT_MESSAGES.network, 'network', undefined, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The body as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // an HTML error page or an empty body: judged by the status alone
  }
}

/** The body as an XML document, or undefined when it is not one. */
export function parseOssXml(text: string): XmlElement | undefined {
  if (!text.trimStart().startsWith('<')) return undefined;
  try {
    return parseXml(text);
  } catch {
    return undefined; // an HTML error page: judged by the status alone
  }
}

/** The fields of an OSS `<Error>` document (the storage host's or real OSS's); undefined for another body. */
function ossErrorFields(text: string) {
  const document = parseOssXml(text);
  if (document?.name !== 'Error') return undefined;
  const code = xmlChildText(document, 'Code') ?? '';
  return {
    code,
    // Our host names the person's text; for real OSS it is the code's own (@h5/core).
    msg: xmlChildText(document, 'UserMessage') ?? STORAGE_MESSAGES[code],
    message: xmlChildText(document, 'Message'),
  };
}

/**
 * The root of an OSS answer's XML document named `root` (InitiateMultipartUploadResult …); any
 * other body is an invalid answer.
 */
export function ossDocument(response: TransportResponse, root: string): XmlElement {
  const document = parseOssXml(response.text);
  if (document?.name !== root)
    throw new UploadError(REQUEST_MESSAGES.loadFailed, 'InvalidResponse', response.status);
  return document;
}

/**
 * The failure of a storage host or media centre answer: message by spec §8's rule (msg,
 * statusText, message), code from the body (OSS's XML `<Error>`: `SignatureDoesNotMatch`; the
 * media centre's JSON: 4013, …) or the status.
 */
export function responseError(response: TransportResponse): UploadError {
  const body = ossErrorFields(response.text) ?? parseJson(response.text);
  const fields =
    body && typeof body === 'object' ? (body as { code?: unknown; msg?: unknown; message?: unknown }) : {};
  const message = normaliseUploadError({
    msg: fields.msg,
    statusText: response.statusText,
    message: fields.message ?? CLIENT_MESSAGES.statusCode(response.status),
  });
  const code =
    typeof fields.code === 'string' || typeof fields.code === 'number' ? fields.code : response.status;
  return new UploadError(message, code, response.status);
}
