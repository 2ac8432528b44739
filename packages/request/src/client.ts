import type { Endpoint, Envelope, RequestOf, ResponseOf } from '@h5/contract';
import { CLIENT_MESSAGES, SUCCESS } from '@h5/core';
import { ApiError } from './api-error';
import { buildRequest } from './build-request';

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

/** A failure that carries no envelope: the generic client text of spec §8. */
const statusError = (status: number) => new ApiError(CLIENT_MESSAGES.statusCode(status), status, status);

/** A typed HTTP client over the contract: sign, encoding and the envelope of DESIGN.md §4. */
export function createApiClient(options: ClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  return async function call<E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    callOptions: CallOptions = {},
  ): Promise<ResponseOf<E>> {
    const wire = buildRequest(endpoint, input, options.signSecret);
    const response = await doFetch(`${options.baseUrl}${wire.url}`, {
      method: wire.method,
      headers: { ...options.headers?.(), ...callOptions.headers, ...wire.headers },
      body: wire.body,
      credentials: 'include',
      signal: callOptions.signal,
    });
    const payload = (await response.json().catch(() => null)) as Envelope | null;
    if (!endpoint.envelope) {
      if (!response.ok) throw statusError(response.status);
      return payload as ResponseOf<E>;
    }
    if (!payload || typeof payload.code !== 'number') {
      throw statusError(response.status);
    }
    if (payload.code !== SUCCESS) throw new ApiError(payload.msg, payload.code, response.status);
    return payload.data as ResponseOf<E>;
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
