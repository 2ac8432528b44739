import {
  DU_TOKEN_COOKIE,
  PREFETCH_TIMEOUT_MS,
  readCookie,
  TOKEN_EXPIRED,
  TOURIST,
  X_AUTH_TOKEN,
} from '@h5/core';
import { redirect } from 'react-router';
import { REDIRECT_PARAM } from '../../lib/query-params';

/** What a login-only form's loader hands its screen: data, a refusal to show, or neither (the browser loads it). */
export type GatedPrefetch<T> = { data: T; error: null } | { data: null; error: string | null };

const loginRedirect = (request: Request) => {
  const url = new URL(request.url);
  return redirect(`/login?${new URLSearchParams({ [REDIRECT_PARAM]: `${url.pathname}${url.search}` })}`);
};

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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<GatedPrefetch<T>>((resolve) => {
    timer = setTimeout(() => resolve({ data: null, error: null }), PREFETCH_TIMEOUT_MS);
  });
  const work = call().then(
    (data): GatedPrefetch<T> => ({ data, error: null }),
    (error: unknown): GatedPrefetch<T> => {
      const code = codeOf(error);
      if (code === TOURIST || code === TOKEN_EXPIRED) throw loginRedirect(request);
      // Business refusals (HTTP 200 with a code) carry a message for people; others fall back.
      if (typeof code === 'number' && error instanceof Error) return { data: null, error: error.message };
      return { data: null, error: null };
    },
  );
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
