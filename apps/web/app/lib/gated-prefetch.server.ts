import {
  DU_TOKEN_COOKIE,
  PREFETCH_TIMEOUT_MS,
  readCookie,
  TOKEN_EXPIRED,
  TOURIST,
  X_AUTH_TOKEN,
} from '@h5/core';
import { redirect } from 'react-router';
import { racePrefetch } from './prefetch';
import { REDIRECT_PARAM } from './query-params';

/** What a login-only form's loader hands its screen: data, a refusal to show, or neither (the browser loads it). */
export type GatedPrefetch<T> = { data: T; error: null } | { data: null; error: string | null };

const loginRedirect = (request: Request) => {
  const url = new URL(request.url);
  return redirect(`/login?${new URLSearchParams({ [REDIRECT_PARAM]: `${url.pathname}${url.search}` })}`);
};

/** The call said the session is gone (7999 / 700). */
const NEEDS_LOGIN = Symbol('needs login');

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error
    ? (error as { code: unknown }).code
    : undefined;

/**
 * SSR prefetch of a login-only form: a visitor (no session cookie, or 7999 / 700 from the call)
 * goes to /login?redirect=back-here; a business refusal becomes `error` (its msg); a time-out
 * past PREFETCH_TIMEOUT_MS or another failure leaves both null and the browser loads it (spec §4).
 */
export async function gatedPrefetch<T>(request: Request, call: () => Promise<T>): Promise<GatedPrefetch<T>> {
  const cookie = request.headers.get('cookie');
  if (!readCookie(cookie, DU_TOKEN_COOKIE) && !readCookie(cookie, X_AUTH_TOKEN)) throw loginRedirect(request);
  const work = call().then(
    (data): GatedPrefetch<T> | typeof NEEDS_LOGIN => ({ data, error: null }),
    (error: unknown): GatedPrefetch<T> | typeof NEEDS_LOGIN => {
      const code = codeOf(error);
      if (code === TOURIST || code === TOKEN_EXPIRED) return NEEDS_LOGIN;
      // Business refusals (HTTP 200 with a code) carry a message for people; others fall back.
      if (typeof code === 'number' && error instanceof Error) return { data: null, error: error.message };
      return { data: null, error: null };
    },
  );
  const raced = await racePrefetch(work, PREFETCH_TIMEOUT_MS);
  if (!raced.ok) return { data: null, error: null };
  if (raced.data === NEEDS_LOGIN) throw loginRedirect(request);
  return raced.data;
}
