import type { Endpoint, Envelope, RequestOf, ResponseOf } from '@h5/contract';
import { fillPath, pathParams } from '@h5/contract';
import { SUCCESS, signParams } from '@h5/core';
import { ApiError } from './api-error';

export interface ClientOptions {
  /** API origin; '' means the page's own origin (the `local` environment). */
  baseUrl: string;
  signSecret: string;
  fetch?: typeof fetch;
  /** Headers added to every call, e.g. the auth headers of spec §6. */
  headers?: () => Record<string, string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function toQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(key, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return search.toString();
}

/** A typed HTTP client over the contract: sign, encoding and the envelope of DESIGN.md §4. */
export function createApiClient(options: ClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  return async function call<E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    callOptions: CallOptions = {},
  ): Promise<ResponseOf<E>> {
    const all = { ...(input as Record<string, unknown>) };
    const path = fillPath(endpoint.path, all);
    for (const name of pathParams(endpoint.path)) delete all[name];
    const sign = signParams(all, options.signSecret);
    const headers: Record<string, string> = { ...options.headers?.(), ...callOptions.headers };
    let url: string;
    let body: string | undefined;
    if (endpoint.method === 'GET') {
      url = `${options.baseUrl}${path}?${toQuery({ ...all, sign })}`;
    } else {
      url = `${options.baseUrl}${path}?${toQuery({ sign })}`;
      if (endpoint.encoding === 'form') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = toQuery(all);
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(all);
      }
    }
    const response = await doFetch(url, {
      method: endpoint.method,
      headers,
      body,
      credentials: 'include',
      signal: callOptions.signal,
    });
    const payload = (await response.json().catch(() => null)) as Envelope | null;
    if (!endpoint.envelope) {
      if (!response.ok)
        throw new ApiError(
          `Request failed with status code ${response.status}`,
          response.status,
          response.status,
        );
      return payload as ResponseOf<E>;
    }
    if (!payload || typeof payload.code !== 'number') {
      throw new ApiError(
        `Request failed with status code ${response.status}`,
        response.status,
        response.status,
      );
    }
    if (payload.code !== SUCCESS) throw new ApiError(payload.msg, payload.code, response.status);
    return payload.data as ResponseOf<E>;
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
