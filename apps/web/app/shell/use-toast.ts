import { useCallback, useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS } from './Toast';

// Apart from Toast.tsx: the page toast (first-load JS) needs only the component; the screens that
// toast on their own (share, comments, floating buttons) load later.

/** State for one `Toast`: `show(text)` puts it up and it hides after {@link TOAST_DURATION_MS}. */
export function useToast(): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage(text);
    timer.current = setTimeout(() => setMessage(null), TOAST_DURATION_MS);
  }, []);
  return [message, show];
}
