import { CLIENT_MESSAGES } from '@h5/core';
import { browserGlobal, type XhrLike } from './browser-globals';

/** What the SDK sends to the storage host and the media centre (not the enveloped API). */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: Blob | FormData | string;
  /** Aborts the request (the caller's signal combined with the time-out). */
  signal?: AbortSignal;
  /** Bytes of the body sent so far (XHR upload events; fetch reports once, at the end). */
  onUploadProgress?: (loaded: number, total: number) => void;
  /**
   * Whether cookies go along (default 'include'). Storage requests are signed and say 'omit': an
   * external OSS host gets no cookies of the site, and its CORS rule need not allow credentials.
   */
  credentials?: 'include' | 'omit';
}

/** The answer, whatever its status; header names in lower case. */
export interface TransportResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  text: string;
}

/**
 * Sends one request. Rejects only when no answer came (network failure or abort, with the
 * signal's reason); a 4xx/5xx answer resolves.
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** Transport over fetch (no upload progress events: one report when the body is sent). */
export const fetchTransport: Transport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers ?? {},
    body: request.body ?? null,
    credentials: request.credentials ?? 'include',
    signal: request.signal ?? null,
  });
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const size = request.body instanceof Blob ? request.body.size : 0;
  request.onUploadProgress?.(size, size);
  return { status: response.status, statusText: response.statusText, headers, text };
};

const parseHeaders = (raw: string): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
};

/** Transport over XMLHttpRequest: the browser's only way to observe upload progress. */
export const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const Xhr = browserGlobal<new () => XhrLike>('XMLHttpRequest');
    if (!Xhr) throw new TypeError('XMLHttpRequest is not available');
    const xhr = new Xhr();
    xhr.open(request.method, request.url);
    xhr.withCredentials = request.credentials !== 'omit';
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    const onProgress = request.onUploadProgress;
    if (onProgress) {
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    }
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
        text: xhr.responseText,
      });
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError(CLIENT_MESSAGES.network));
    };
    xhr.onabort = () => {
      done();
      reject(request.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    };
    if (request.signal?.aborted) {
      xhr.abort();
      return;
    }
    xhr.send(request.body ?? null);
  });

/** XHR in a browser (upload progress), fetch elsewhere. */
export const defaultTransport = (): Transport =>
  typeof browserGlobal('XMLHttpRequest') === 'function' ? xhrTransport : fetchTransport;
