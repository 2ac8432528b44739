import { DU_TOKEN_COOKIE, readCookie } from '@h5/core';
import { redirect, useSearchParams } from 'react-router';
import { PRODUCTION_APP_ENV } from '../../lib/app-env';
import { prefetch } from '../../lib/prefetch.server';
import { REDIRECT_PARAM } from '../../lib/query-params';
import { safeRedirectPath } from '../../lib/redirect-path';
import { useRootData } from '../../lib/root-data';
import { AUTH_TEXT } from '../../lib/ui-text/auth';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { LoginForm } from '../../shell/auth/LoginForm';
import styles from '../../shell/auth/login.module.css';
import { BackButton } from '../../shell/BackButton';
import type { Route } from './+types/login';
import { NativeLogin } from './NativeLogin';

/** A logged-in user has nothing to do here: on to the target (also after the app's login reload). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!readCookie(request.headers.get('cookie'), DU_TOKEN_COOKIE)) return null;
  // Past the prefetch limit (or failing) the login shows: logging in again is harmless.
  const me = await prefetch(context, 'auth.me', {});
  if (me.ok) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get(REDIRECT_PARAM)));
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: `${AUTH_TEXT.pageTitle} · ${SHELL_TEXT.siteTitle}` }];

/** Login: the app's modal inside the app, else phone and one-time code; on success back to `?redirect=` or `/`. */
export default function LoginScreen() {
  const root = useRootData();
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get(REDIRECT_PARAM));
  // A full page load after login: the session cookies are set, and every loader (root's
  // viewer included) runs again with them.
  const onLoggedIn = () => window.location.assign(target);

  return (
    <div className={styles.screen}>
      <header className={styles.bar}>
        <BackButton fallback={target} testId="login-back" />
      </header>
      <main className={styles.main}>
        {root?.inApp ? (
          <NativeLogin onLoggedIn={onLoggedIn} />
        ) : (
          <>
            <h1 className={styles.title}>{AUTH_TEXT.title}</h1>
            <p className={styles.subtitle}>{AUTH_TEXT.subtitle}</p>
            <LoginForm showDevOutbox={root?.runtime.appEnv !== PRODUCTION_APP_ENV} onLoggedIn={onLoggedIn} />
          </>
        )}
      </main>
    </div>
  );
}
