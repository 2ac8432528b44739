import type { OperatorBrief } from '@h5/contract';
import { OPERATOR_LOGIN_REQUIRED } from '@h5/core';
import { NavLink, Outlet } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { failureCode } from '../../lib/failure';
import { BACKSTAGE_TEXT as text } from '../../lib/ui-text/backstage';
import { useAction } from '../../lib/use-action';
import { BackstageEntry } from './ui/BackstageEntry';
import styles from './ui/backstage.module.css';
import { LoginForm } from './ui/LoginForm';
import { BACKSTAGE_PAGES, mayOpen } from './ui/nav';

export const meta = () => [{ title: text.product }, { name: 'robots', content: 'noindex' }];

/**
 * The backstage (issue 30): its own desktop frame and its own operator session. Without one the
 * login form shows; with one, the pages the role may open. Every call checks the role on the
 * server again; the navigation only leaves out what would be refused.
 */
export default function BackstageLayout() {
  const [state, reload] = useEntry('backstage.me', {}, null);
  if (state.status === 'failed' && failureCode(state.error) === OPERATOR_LOGIN_REQUIRED) {
    return <LoginForm />;
  }
  return (
    <BackstageEntry state={state} onRetry={reload}>
      {(operator) => <Frame operator={operator} />}
    </BackstageEntry>
  );
}

function Frame({ operator }: { operator: OperatorBrief }) {
  // The session's end reloads backstage.me, which answers 5001: the login form shows.
  const logout = useAction('backstage.logout', { invalidates: ['backstage'] });
  return (
    <div className={styles.frame} data-testid="backstage">
      <header className={styles.top}>
        <p className={styles.product}>{text.product}</p>
        <div className={styles.who}>
          <span data-testid="backstage-operator">
            {operator.name} · {text.roles[operator.role]}
          </span>
          <button
            type="button"
            className={styles.button}
            disabled={logout.busy}
            onClick={() => void logout.run({})}
          >
            {text.logout}
          </button>
        </div>
      </header>
      <nav className={styles.nav} aria-label={text.product}>
        <ul>
          {BACKSTAGE_PAGES.filter((page) => mayOpen(operator.role, page)).map((page) => (
            <li key={page.path}>
              <NavLink to={page.path} end className={styles.navLink}>
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className={styles.main}>
        <Outlet context={operator} />
      </main>
    </div>
  );
}
