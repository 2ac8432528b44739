/**
 * Two page-wide signals the request layer raises from outside React: a toast (a failed call's
 * message in a browser, spec §8) and the error page (captcha SDK failure, spec §4). Tiny on
 * purpose: they sit in first-load JS, the code that raises them loads later.
 */
type Listener = () => void;

/** A value outside React with change listeners (for useSyncExternalStore). */
export function signal<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page toast's text; null when none shows. */
export const pageToast = signal<{ text: string; at: number } | null>(null);
/** True once something made the page unusable; the page wrapper shows the error page. */
export const errorPageRaised = signal(false);

/** Puts a message up in the page toast (the shell clears it after its duration). */
export function showPageToast(text: string): void {
  pageToast.set({ text, at: Date.now() });
}

/** Switches the page to the error page (spec §4: the captcha SDK did not load). */
export function raiseErrorPage(): void {
  errorPageRaised.set(true);
}
