import { EXPOSURE_CHECK_INTERVAL_MS, EXPOSURE_CHECK_RUNS, SCROLL_DEBOUNCE_MS } from '@h5/core';
import { debounce } from './debounce';
import { type Box, visibleRatio } from './viewport';

/** What the exposure check needs of an element. */
export interface ExposureTarget {
  getBoundingClientRect(): Box;
  readonly isConnected?: boolean;
}

interface IntersectionEntryLike {
  target: unknown;
  isIntersecting: boolean;
  intersectionRatio: number;
}

interface IntersectionObserverLike {
  observe(target: never): void;
  disconnect(): void;
}

/** The window the check measures against and listens to. */
export interface ExposureWindow {
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly document?: { readonly visibilityState?: string };
  addEventListener(
    type: 'scroll',
    listener: () => void,
    options: { capture: boolean; passive: boolean },
  ): void;
  removeEventListener(type: 'scroll', listener: () => void, options: { capture: boolean }): void;
  IntersectionObserver?: new (
    callback: (entries: IntersectionEntryLike[]) => void,
    options: { threshold: number[] },
  ) => IntersectionObserverLike;
}

export interface ExposureOptions<E> {
  /** What counts once per page view (default the element itself; e.g. `el => el.dataset.exposureId`). */
  key?: (element: E) => unknown;
  /** Share of the element that must be on screen (default 0.5). */
  minVisibleRatio?: number;
  /** Also listen with an IntersectionObserver where there is one (default true); the schedule runs regardless. */
  intersectionObserver?: boolean;
}

/** Exposures of one page view; `resetExposures` starts a new page view. */
export interface ExposureTracker {
  /**
   * Calls `onExpose` once per page view for each element once it is on screen: checked now,
   * re-checked 6 times at 500 ms (spec §4), and on scroll with a 100 ms debounce. Stops by itself
   * once every element has counted; returns the function that stops it earlier (on unmount).
   */
  observe<E extends ExposureTarget>(
    elements: E | Iterable<E>,
    onExpose: (element: E) => void,
    options?: ExposureOptions<E>,
  ): () => void;
  resetExposures(): void;
}

function browserWindow(): ExposureWindow | undefined {
  const g = globalThis as unknown as Partial<ExposureWindow> & { document?: unknown };
  return typeof g.document === 'undefined' ? undefined : (globalThis as unknown as ExposureWindow);
}

function isIterable<E>(value: E | Iterable<E>): value is Iterable<E> {
  return typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}

export function createExposureTracker(win: ExposureWindow | undefined = browserWindow()): ExposureTracker {
  const seen = new Set<unknown>();

  function observe<E extends ExposureTarget>(
    elements: E | Iterable<E>,
    onExpose: (element: E) => void,
    options: ExposureOptions<E> = {},
  ): () => void {
    if (!win) return () => undefined;
    const view = win;
    const keyOf = options.key ?? ((element: E): unknown => element);
    const minRatio = options.minVisibleRatio ?? 0.5;
    const pending = new Set<E>(isIterable(elements) ? elements : [elements]);
    const hidden = () => view.document?.visibilityState === 'hidden';

    const expose = (element: E): void => {
      pending.delete(element);
      const key = keyOf(element);
      if (seen.has(key)) return;
      seen.add(key);
      onExpose(element);
    };
    const check = (): void => {
      if (hidden()) return;
      for (const element of pending) {
        if (seen.has(keyOf(element))) pending.delete(element);
        // Removed from the page (unmounted, virtualised away): it will not show again.
        else if (element.isConnected === false) pending.delete(element);
        else if (
          visibleRatio(element.getBoundingClientRect(), view.innerWidth, view.innerHeight) >= minRatio
        ) {
          expose(element);
        }
      }
      stopWhenDone();
    };

    const timers: ReturnType<typeof setTimeout>[] = [];
    for (let run = 1; run <= EXPOSURE_CHECK_RUNS; run++) {
      timers.push(setTimeout(check, run * EXPOSURE_CHECK_INTERVAL_MS));
    }
    const onScroll = debounce(check, SCROLL_DEBOUNCE_MS);
    view.addEventListener('scroll', onScroll, { capture: true, passive: true });

    let observer: IntersectionObserverLike | undefined;
    if (options.intersectionObserver !== false && view.IntersectionObserver) {
      observer = new view.IntersectionObserver(
        (entries) => {
          if (hidden()) return;
          for (const entry of entries) {
            const element = entry.target as E;
            if (pending.has(element) && entry.isIntersecting && entry.intersectionRatio >= minRatio) {
              expose(element);
            }
          }
          stopWhenDone();
        },
        { threshold: [minRatio] },
      );
      for (const element of pending) observer.observe(element as never);
    }

    let stopped = false;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      onScroll.cancel();
      view.removeEventListener('scroll', onScroll, { capture: true });
      observer?.disconnect();
      pending.clear();
    };
    /** Every element counted: nothing left to watch (an infinite feed does not pile up listeners). */
    const stopWhenDone = (): void => {
      if (pending.size === 0) stop();
    };

    check();
    return stop;
  }

  return { observe, resetExposures: () => seen.clear() };
}

let pageExposures: ExposureTracker | undefined;

/** The page's exposure tracker (one page view at a time). */
function exposures(): ExposureTracker {
  pageExposures ??= createExposureTracker();
  return pageExposures;
}

/** {@link ExposureTracker.observe} on the page's exposure tracker. */
export function observeExposure<E extends ExposureTarget>(
  elements: E | Iterable<E>,
  onExpose: (element: E) => void,
  options?: ExposureOptions<E>,
): () => void {
  return exposures().observe(elements, onExpose, options);
}

/** A new page view: every element may count again. */
export function resetExposures(): void {
  exposures().resetExposures();
}
