type Listener = (event: unknown) => void;

/** An event target (document or window) as the lifecycle code uses it. */
export interface LifecycleTarget {
  addEventListener(type: string, listener: Listener): void;
  removeEventListener(type: string, listener: Listener): void;
}

/** The page the analytics runs in: its document (visibility) and window (pagehide / pageshow). */
export interface PageLike {
  document?: (LifecycleTarget & { readonly visibilityState?: string }) | undefined;
  window?: LifecycleTarget | undefined;
  navigator?: { readonly onLine?: boolean } | undefined;
}

/** The browser page, or an empty one on the server. */
export function browserPage(): PageLike {
  const g = globalThis as unknown as { document?: PageLike['document']; navigator?: PageLike['navigator'] };
  const window = typeof g.document === 'undefined' ? undefined : (globalThis as unknown as LifecycleTarget);
  return { document: g.document, window, navigator: g.navigator };
}

export const isPageHidden = (page: PageLike): boolean => page.document?.visibilityState === 'hidden';

/**
 * Calls `onHide` when the page is hidden (`visibilitychange` → hidden, `pagehide`) and `onShow`
 * when it shows again (`visibilitychange` → visible, `pageshow`). Returns the function that
 * removes the listeners.
 */
export function watchPageVisibility(page: PageLike, onHide: () => void, onShow: () => void): () => void {
  const { document, window } = page;
  const onVisibility = () => (isPageHidden(page) ? onHide() : onShow());
  document?.addEventListener('visibilitychange', onVisibility);
  window?.addEventListener('pagehide', onHide);
  window?.addEventListener('pageshow', onShow);
  return () => {
    document?.removeEventListener('visibilitychange', onVisibility);
    window?.removeEventListener('pagehide', onHide);
    window?.removeEventListener('pageshow', onShow);
  };
}
