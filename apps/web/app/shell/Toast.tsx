import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a toast stays up. */
export const TOAST_DURATION_MS = 2000;

/** A one-line message in the middle of the screen; announced politely, hides itself. */
export function Toast({ message, testId = 'toast' }: { message: string | null; testId?: string }) {
  return (
    <div className="h5-toast-region" role="status" aria-live="polite" data-testid={testId}>
      {message ? <span className="h5-toast">{message}</span> : null}
    </div>
  );
}

/** State for one {@link Toast}: `show(text)` puts it up and it hides after {@link TOAST_DURATION_MS}. */
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
