import { useState } from 'react';
import { AUTH_TEXT } from '../../lib/ui-text/auth';
import { CONFIRM_TEXT } from '../../lib/ui-text/confirm';
import { useApi } from '../../lib/use-api';
import { ConfirmDialog } from '../ConfirmDialog';
import styles from './LogoutButton.module.css';

/**
 * Web logout (the app logs out natively), a quiet settings entry on the reader's own home that
 * asks first (issue 28 point 13): the server ends the session and clears its cookies, then a full
 * load of the feed, so every loader (the root's viewer included) runs as a visitor.
 */
export function LogoutButton() {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const logout = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const offline = await import('../../platform/offline/offline');
      // Offline (issue 33 point 5): nothing of this reader stays readable on the device; the
      // server ends the session when the network is back.
      if (!navigator.onLine) await offline.logoutOffline();
      else {
        await api('auth.logout', {});
        await offline.clearOfflineData();
      }
      window.location.assign('/');
    } catch {
      // The request layer toasts the failure; the button works again.
      setBusy(false);
    }
  };
  return (
    <div className={styles.entry}>
      <button
        type="button"
        className={styles.button}
        onClick={() => setAsking(true)}
        disabled={busy}
        data-testid="logout"
      >
        {busy ? AUTH_TEXT.loggingOut : AUTH_TEXT.logout}
      </button>
      {asking ? (
        <ConfirmDialog
          title={CONFIRM_TEXT.logoutTitle}
          hint={CONFIRM_TEXT.logoutHint}
          confirmLabel={CONFIRM_TEXT.logout}
          danger
          onConfirm={() => void logout()}
          onCancel={() => setAsking(false)}
          testId="logout-dialog"
        />
      ) : null}
    </div>
  );
}
