import { useEffect, useSyncExternalStore } from 'react';
import { pageToast } from '../lib/page-signals';
import { TOAST_DURATION_MS, Toast } from './Toast';

const serverSnapshot = () => null;

/** The page-wide toast that the request layer raises (a failed call's message in a browser). */
export function PageToast() {
  const current = useSyncExternalStore(pageToast.subscribe, pageToast.get, serverSnapshot);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => pageToast.set(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return <Toast message={current?.text ?? null} testId="page-toast" />;
}
