import { useState } from 'react';
import { AUTH_TEXT } from '../../lib/ui-text/auth';
import { useApi } from '../../lib/use-api';
import styles from './LogoutButton.module.css';

/**
 * Web logout (the app logs out natively): the server ends the session and clears its cookies,
 * then a full load of the feed, so every loader (the root's viewer included) runs as a visitor.
 */
export function LogoutButton() {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await api('auth.logout', {});
      window.location.assign('/');
    } catch {
      // The request layer toasts the failure; the button works again.
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => void logout()}
      disabled={busy}
      data-testid="logout"
    >
      {busy ? AUTH_TEXT.loggingOut : AUTH_TEXT.logout}
    </button>
  );
}
