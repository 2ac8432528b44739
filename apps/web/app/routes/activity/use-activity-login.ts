import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { loadPageBridge } from '../../platform/page-bridge';

/**
 * The viewer of an activity page and its login. In the app the native login stores the cookies
 * and, these paths being exempt from the reload after a native login (spec §2), the page stays:
 * it re-runs its loaders instead (a replace navigation to itself: `useRevalidator` would add ~50 B
 * to every page's first-load framework chunk, `useNavigate` is there already), so the viewer
 * appears without losing what was on screen.
 */
export function useActivityLogin() {
  const root = useRootData();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [justLoggedIn, setJustLoggedIn] = useState(false);
  const login = useCallback(() => {
    loadPageBridge(root?.runtime ?? {})
      .then((bridge) => bridge.login())
      .then((loggedIn) => {
        if (!loggedIn) return;
        setJustLoggedIn(true);
        void navigate(`${pathname}${search}`, { replace: true, preventScrollReset: true });
      })
      .catch((error: unknown) => console.warn('native login not completed', error));
  }, [root?.runtime, navigate, pathname, search]);
  return {
    inApp: root?.inApp ?? false,
    loggedIn: Boolean(root?.viewer) || justLoggedIn,
    login,
  };
}
