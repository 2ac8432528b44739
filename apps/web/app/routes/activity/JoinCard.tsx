import { Link, useLocation } from 'react-router';
import { ACTIVITY_TEXT as text } from '../../lib/ui-text/activity';
import screen from '../../shell/screen.module.css';
import styles from './activity.module.css';
import { useActivityLogin } from './use-activity-login';

/** A visitor's way in: the native login in the app (the page stays), the web login elsewhere. */
export function JoinCard({ session }: { session?: ReturnType<typeof useActivityLogin> }) {
  const own = useActivityLogin();
  const { inApp, loggedIn, login } = session ?? own;
  const { pathname } = useLocation();
  if (loggedIn)
    return (
      <p className={screen.card} data-testid="activity-joined">
        {text.loggedIn}
      </p>
    );
  return inApp ? (
    <button type="button" className={styles.primary} onClick={login} data-testid="activity-login">
      {text.login}
    </button>
  ) : (
    <Link
      className={styles.primary}
      to={`/login?${new URLSearchParams({ redirect: pathname })}`}
      data-testid="activity-login"
    >
      {text.login}
    </Link>
  );
}
