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
