/**
 * Test fixtures of this package (not exported by the index): a few contract entries and a fake
 * fetch that records every request and answers from a script, honouring the abort signal as the
 * real fetch does.
 */
import { endpoint } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { vi } from 'vitest';
import { z } from 'zod';
import type { ApiError } from './api-error';
import { type ClientOptions, createApiClient } from './client';

export const SECRET = 'unit-secret';
export const BASE = 'https://api.test';

export const getItem = endpoint({
  domain: 'content',
  method: 'GET',
  path: '/x/v1/items/:itemId',
  auth: 'common',
  request: z.object({ itemId: z.number(), limit: z.number() }),
  response: z.object({ title: z.string() }),
});
export const postJson = endpoint({
  domain: 'community',
  method: 'POST',
  path: '/x/v1/reply',
  auth: 'login',
  request: z.object({ text: z.string() }),
  response: z.object({ replyId: z.number() }),
});
export const postForm = endpoint({
  domain: 'lottery',
  method: 'POST',
  path: '/x/v1/addr-submit',
  auth: 'login',
  encoding: 'form',
  request: z.object({ name: z.string(), no: z.number() }),
  response: z.null(),
});
export const quiet = endpoint({
  domain: 'config',
  method: 'GET',
  path: '/x/v1/quiet',
  auth: 'common',
  errorToast: false,
  request: z.object({}),
  response: z.unknown(),
});
export const bare = endpoint({
  domain: 'config',
  method: 'GET',
  path: '/static/conf.json',
  auth: 'common',
  envelope: false,
  request: z.object({}),
  response: z.object({ on: z.boolean() }),
});

/** What the fake server saw of one request. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

/** A scripted answer: JSON (`json`) or raw text, with a status (200 by default). */
export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
}

export type Script = (request: SeenRequest, index: number) => Reply | Promise<Reply>;

/** The success envelope. */
export const ok = (data: unknown): Reply => ({ json: { code: SUCCESS, msg: 'ok', data } });
/** An envelope with this code and msg, at HTTP 200 unless told. */
export const refusal = (code: number, msg: string, status = 200, data: unknown = null): Reply => ({
  status,
  json: { code, msg, data },
});
/** The HTTP 485 answer of our server. */
export const riskCheck = (scene = 'community.reply'): Reply =>
  refusal(485, 'please pass the captcha', 485, { captchaType: 'image', scene });

/** Never answers; rejects with an AbortError when the request's signal aborts (like fetch). */
export const hang = (request: SeenRequest): Promise<Reply> =>
  new Promise((_, reject) => {
    request.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

export function fakeFetch(script: Script) {
  const seen: SeenRequest[] = [];
  const fetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const request: SeenRequest = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? init.body : undefined,
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    seen.push(request);
    const reply = await script(request, seen.length - 1);
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(text, { status: reply.status ?? 200 });
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

/** A client over a scripted fake fetch, with every notification hook a spy. */
export function setup(script: Script, options: Partial<ClientOptions> = {}) {
  const { fetch, seen } = fakeFetch(script);
  const hooks = {
    onErrorToast: vi.fn<(message: string, error: ApiError) => void>(),
    onAuthRequired: vi.fn<(code: number, error: ApiError) => void>(),
    onTimeout: vi.fn<NonNullable<ClientOptions['onTimeout']>>(),
  };
  const api = createApiClient({ baseUrl: BASE, signSecret: SECRET, fetch, ...hooks, ...options });
  return { api, seen, hooks };
}

/** The rejection of a promise (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: ApiError) => error,
  );
}

/** The fields of an ApiError worth asserting, as one value. */
export const summary = (error: ApiError) => ({
  name: error.name,
  kind: error.kind,
  code: error.code,
  httpStatus: error.httpStatus,
  message: error.message,
});
