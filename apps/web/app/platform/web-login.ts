import { REDIRECT_PARAM } from '../lib/query-params';

/** The web login page (outside the app there is no native login modal). */
export const LOGIN_PATH = '/login';

/** Sends a browser user to the web login, coming back here afterwards; a no-op on the login page. */
export function goToWebLogin(): void {
  if (location.pathname === LOGIN_PATH) return;
  const back = `${location.pathname}${location.search}`;
  location.assign(`${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(back)}`);
}
