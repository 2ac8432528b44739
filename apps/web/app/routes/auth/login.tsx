import { useNavigate, useSearchParams } from 'react-router';
import { PRODUCTION_APP_ENV } from '../../lib/app-env';
import { REDIRECT_PARAM, safeRedirectPath } from '../../lib/query-params';
import { useRootData } from '../../lib/root-data';
import { AUTH_TEXT } from '../../lib/ui-text/auth';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import type { Route } from './+types/login';
import { LoginForm } from './LoginForm';
import styles from './login.module.css';

export const meta: Route.MetaFunction = () => [{ title: `${AUTH_TEXT.pageTitle} · ${SHELL_TEXT.siteTitle}` }];

/** Web login for browser users: phone and one-time code; on success back to `?redirect=` or `/`. */
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
        <BackButton fallback={target} />
      </header>
      <main className={styles.main}>
        <h1 className={styles.title}>{AUTH_TEXT.title}</h1>
        <p className={styles.subtitle}>{AUTH_TEXT.subtitle}</p>
        <LoginForm showDevOutbox={root?.runtime.appEnv !== PRODUCTION_APP_ENV} onLoggedIn={onLoggedIn} />
      </main>
    </div>
  );
}

/**
 * Back one step when this tab came here through a page of ours, else to the redirect target: a
 * fresh tab or an outside link has no page of ours to go back to. React Router's browser history
 * numbers its entries in `history.state.idx`, 0 being the first page of this site in the tab.
 */
function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <button
      type="button"
      className={styles.back}
      onClick={goBack}
      aria-label={SHELL_TEXT.back}
      data-testid="login-back"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
