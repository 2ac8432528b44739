import type { Endpoint, RequestOf } from '@h5/contract';
import {
  createUuid,
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  OPERATOR_NONCE_HEADER,
  OPERATOR_TIME_HEADER,
  pathParams,
  signParams,
} from '@h5/core';

/** A call as it goes on the wire, before a host is put in front of `url`. */
export interface WireRequest {
  method: Endpoint['method'];
  /** Path and query, sign included. */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface BuildOptions {
  /** Replaces the computed sign (a string) or leaves it out (false); for tests of the check. */
  sign?: string | false;
}

/** A query string from params: objects and arrays as JSON, undefined skipped (as they are signed). */
export function toQuery(params: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(key, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return search.toString();
}

/**
 * Builds the wire form of a contract call (spec §5, DESIGN.md §4): path parameters filled,
 * the rest signed; GET carries params and sign in the query, POST carries sign in the query and
 * the params as a JSON or form-encoded body; the headers the contract names for the call go along.
 * A POST whose body has a `requestId` repeats it as `Idempotency-Key`, so the balancer may send it
 * to a second node (deploy/nginx/community-h5.conf). A backstage write carries a fresh nonce and
 * the time (issue 30: the server refuses a replay); its CSRF header comes from request-headers.ts.
 */
export function buildRequest<E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E>,
  signSecret: string,
  options: BuildOptions = {},
): WireRequest {
  const params = { ...(input as Record<string, unknown>) };
  const path = fillPath(endpoint.path, params);
  for (const name of pathParams(endpoint.path)) delete params[name];
  const sign = options.sign === false ? undefined : (options.sign ?? signParams(params, signSecret));
  // The headers the contract names for the call (spec §7: content-detail's version).
  const named = { ...endpoint.headers?.send };
  if (endpoint.method === 'GET') {
    return { method: 'GET', url: `${path}?${toQuery({ ...params, sign })}`, headers: named, body: undefined };
  }
  const form = endpoint.encoding === 'form';
  const requestId = params.requestId;
  return {
    method: endpoint.method,
    url: `${path}?${toQuery({ sign })}`,
    headers: {
      ...named,
      ...(typeof requestId === 'string' ? { [IDEMPOTENCY_KEY_HEADER]: requestId } : {}),
      ...(endpoint.auth === 'operator'
        ? { [OPERATOR_NONCE_HEADER]: createUuid(), [OPERATOR_TIME_HEADER]: String(Date.now()) }
        : {}),
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    body: form ? toQuery(params) : JSON.stringify(params),
  };
}
