import type { EntryInput, EntryName, EntryOutput } from '@h5/contract';
import { DU_TOKEN_COOKIE, readCookie, TOKEN_EXPIRED, TOURIST, X_AUTH_TOKEN } from '@h5/core';
import { isApiError } from '@h5/request/api-error-brand';
import { type AppLoadContext, redirect } from 'react-router';
import { prefetch } from './prefetch.server';
import { REDIRECT_PARAM } from './query-params';

/** What a login-only form's loader hands its screen: data, a refusal to show, or neither (the browser loads it). */
export type GatedPrefetch<T> = { data: T; error: null } | { data: null; error: string | null };

const loginRedirect = (request: Request) => {
  const url = new URL(request.url);
  return redirect(`/login?${new URLSearchParams({ [REDIRECT_PARAM]: `${url.pathname}${url.search}` })}`);
};

const codeOf = (error: unknown) => (isApiError(error) ? error.code : undefined);

/**
 * SSR prefetch of a login-only form: a visitor (no session cookie, or 7999 / 700 from the call)
 * goes to /login?redirect=back-here; a business refusal becomes `error` (its msg); a call past the
 * page's prefetch limit or another failure leaves both null and the browser loads it (spec §4).
 */
export async function gatedPrefetch<N extends EntryName>(
  request: Request,
  context: AppLoadContext,
  name: N,
  input: EntryInput<N>,
): Promise<GatedPrefetch<EntryOutput<N>>> {
  const cookie = request.headers.get('cookie');
  if (!readCookie(cookie, DU_TOKEN_COOKIE) && !readCookie(cookie, X_AUTH_TOKEN)) throw loginRedirect(request);
  const result = await prefetch(context, name, input);
  if (result.ok) return { data: result.data, error: null };
  if (result.reason === 'timeout') return { data: null, error: null };
  const code = codeOf(result.error);
  if (code === TOURIST || code === TOKEN_EXPIRED) throw loginRedirect(request);
  // Business refusals (HTTP 200 with a code) carry a message for people; others fall back.
  if (typeof code === 'number' && result.error instanceof Error)
    return { data: null, error: result.error.message };
  return { data: null, error: null };
}
