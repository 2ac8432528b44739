import { useCallback, useEffect, useRef } from 'react';
import { useRootData } from '../../lib/root-data';
import { AUTH_TEXT } from '../../lib/ui-text/auth';
import { loadPageBridge } from '../../platform/page-bridge';
import styles from '../../shell/auth/login.module.css';

/**
 * Inside the app the login is the app's own modal (spec §4): opened at once, and again from the
 * button after a dismissal. The bridge stores the cookies and reloads; the loader then sends a
 * logged-in user on to the target.
 */
export function NativeLogin({ onLoggedIn }: { onLoggedIn: () => void }) {
  const runtime = useRootData()?.runtime ?? {};
  const open = useCallback(() => {
    loadPageBridge(runtime)
      .then((bridge) => bridge.login())
      .then((loggedIn) => {
        if (loggedIn) onLoggedIn();
      })
      .catch((error: unknown) => console.warn('native login not completed', error));
  }, [onLoggedIn, runtime]);
  // Once per visit: re-renders (a new onLoggedIn) must not stack login modals.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    open();
  }, [open]);
  return (
    <section className={styles.native} data-testid="native-login">
      <h1 className={styles.title}>{AUTH_TEXT.nativeTitle}</h1>
      <p className={styles.subtitle}>{AUTH_TEXT.nativeHint}</p>
      <button type="button" className={styles.submit} onClick={open}>
        {AUTH_TEXT.nativeOpen}
      </button>
    </section>
  );
}
