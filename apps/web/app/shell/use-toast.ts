import { useCallback, useEffect, useRef, useState } from 'react';
import { pageToast } from '../lib/page-signals';
import { TOAST_DURATION_MS } from './Toast';

// Apart from Toast.tsx: the page toast (first-load JS) needs only the component; the screens that
// toast on their own (share, comments, floating buttons) load later.

// One toast on screen at a time (issue 14 point 7): every toast is in the same place, so a new
// one hides the others, the page toast included; a page toast hides these.
const shown = new Set<() => void>();

/** State for one `Toast`: `show(text)` puts it up and it hides after {@link TOAST_DURATION_MS}. */
export function useToast(): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => {
    shown.add(hide);
    const stop = pageToast.subscribe(() => {
      if (pageToast.get()) hide();
    });
    return () => {
      shown.delete(hide);
      stop();
      clearTimeout(timer.current);
    };
  }, [hide]);
  const show = useCallback(
    (text: string) => {
      for (const other of shown) if (other !== hide) other();
      if (pageToast.get()) pageToast.set(null);
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), TOAST_DURATION_MS);
    },
    [hide],
  );
  return [message, show];
}
