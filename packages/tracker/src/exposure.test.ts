import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExposureTracker, type ExposureWindow, observeExposure, resetExposures } from './exposure';
import type { Box } from './viewport';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A card whose box the test moves; counts how often it is measured. */
function card(top: number, height = 200, id = `card-${top}`) {
  const element = {
    id,
    top,
    height,
    isConnected: true,
    measured: 0,
    getBoundingClientRect(): Box {
      element.measured++;
      return { top: element.top, bottom: element.top + element.height, left: 0, right: 180 };
    },
  };
  return element;
}

type IoCallback = (
  entries: { target: unknown; isIntersecting: boolean; intersectionRatio: number }[],
) => void;

function fakeWindow(options: { io?: boolean } = {}) {
  const scroll = new Set<() => void>();
  const observers: { callback: IoCallback; targets: unknown[]; disconnected: boolean }[] = [];
  const win = {
    innerWidth: 375,
    innerHeight: 812,
    document: { visibilityState: 'visible' },
    addEventListener: (_type: 'scroll', listener: () => void) => scroll.add(listener),
    removeEventListener: (_type: 'scroll', listener: () => void) => scroll.delete(listener),
    scroll: () => {
      for (const listener of [...scroll]) listener();
    },
    listeners: () => scroll.size,
    observers,
  };
  if (options.io) {
    Object.assign(win, {
      IntersectionObserver: class {
        record: (typeof observers)[number];
        constructor(callback: IoCallback) {
          this.record = { callback, targets: [], disconnected: false };
          observers.push(this.record);
        }
        observe(target: unknown) {
          this.record.targets.push(target);
        }
        disconnect() {
          this.record.disconnected = true;
        }
      },
    });
  }
  return win as typeof win & ExposureWindow;
}

const BELOW = 2000;

describe('observeExposure (spec §4 exposure check)', () => {
  it('checks at once, re-checks 6 times at 500 ms, then only on scroll', async () => {
    const win = fakeWindow();
    const element = card(BELOW);
    createExposureTracker(win).observe(element, () => undefined);
    expect(element.measured).toBe(1);
    for (let run = 1; run <= 6; run++) {
      vi.advanceTimersByTime(499);
      expect(element.measured).toBe(run);
      vi.advanceTimersByTime(1);
      expect(element.measured).toBe(run + 1);
    }
    vi.advanceTimersByTime(10_000);
    expect(element.measured).toBe(7);
  });

  it('counts an element that comes on screen during the re-checks', () => {
    const win = fakeWindow();
    const element = card(BELOW);
    const onExpose = vi.fn();
    createExposureTracker(win).observe(element, onExpose);
    vi.advanceTimersByTime(1200);
    element.top = 100; // an image above loaded and the layout settled
    expect(onExpose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(onExpose).toHaveBeenCalledExactlyOnceWith(element);
  });

  it('re-checks on scroll with a 100 ms debounce', () => {
    const win = fakeWindow();
    const element = card(BELOW);
    const onExpose = vi.fn();
    createExposureTracker(win).observe(element, onExpose);
    vi.advanceTimersByTime(5000);
    const measured = element.measured;
    element.top = 300;
    for (let i = 0; i < 5; i++) {
      win.scroll();
      vi.advanceTimersByTime(50);
    }
    expect(element.measured).toBe(measured);
    vi.advanceTimersByTime(49);
    expect(onExpose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(element.measured).toBe(measured + 1);
    expect(onExpose).toHaveBeenCalledTimes(1);
  });

  it('counts an element once per page view, across observers; a new page view counts again', () => {
    const win = fakeWindow();
    const tracker = createExposureTracker(win);
    const element = card(0);
    const onExpose = vi.fn();
    tracker.observe(element, onExpose);
    tracker.observe([element], onExpose);
    vi.advanceTimersByTime(5000);
    win.scroll();
    vi.advanceTimersByTime(200);
    expect(onExpose).toHaveBeenCalledTimes(1);
    tracker.resetExposures();
    tracker.observe(element, onExpose);
    expect(onExpose).toHaveBeenCalledTimes(2);
  });

  it('counts by key, so a re-rendered card is the same exposure', () => {
    const win = fakeWindow();
    const tracker = createExposureTracker(win);
    const onExpose = vi.fn();
    const key = (element: { id: string }) => element.id;
    tracker.observe(card(0, 200, 'content-7'), onExpose, { key });
    tracker.observe(card(0, 200, 'content-7'), onExpose, { key });
    expect(onExpose).toHaveBeenCalledTimes(1);
  });

  it('needs half of the element on screen by default', () => {
    const win = fakeWindow();
    const onExpose = vi.fn();
    const tracker = createExposureTracker(win);
    tracker.observe([card(812 - 100), card(812 - 80, 200, 'b')], onExpose);
    expect(onExpose.mock.calls.map(([element]) => element.id)).toEqual(['card-712']);
    tracker.observe(card(812 - 20, 200, 'c'), onExpose, { minVisibleRatio: 0.1 });
    expect(onExpose).toHaveBeenCalledTimes(2);
  });

  it('does not count while the page is hidden, nor detached elements', () => {
    const win = fakeWindow();
    const onExpose = vi.fn();
    win.document.visibilityState = 'hidden';
    const detached = Object.assign(card(0, 200, 'detached'), { isConnected: false });
    createExposureTracker(win).observe([card(0), detached], onExpose);
    expect(onExpose).not.toHaveBeenCalled();
    win.document.visibilityState = 'visible';
    vi.advanceTimersByTime(500);
    expect(onExpose.mock.calls.map(([element]) => element.id)).toEqual(['card-0']);
  });

  it('an IntersectionObserver counts at once between the scheduled checks', () => {
    const win = fakeWindow({ io: true });
    const element = card(BELOW);
    const onExpose = vi.fn();
    const stop = createExposureTracker(win).observe(element, onExpose);
    const [observer] = win.observers;
    expect(observer?.targets).toEqual([element]);
    observer?.callback([{ target: element, isIntersecting: true, intersectionRatio: 0.3 }]);
    expect(onExpose).not.toHaveBeenCalled();
    observer?.callback([{ target: element, isIntersecting: true, intersectionRatio: 0.6 }]);
    expect(onExpose).toHaveBeenCalledTimes(1);
    stop();
    expect(observer?.disconnected).toBe(true);
  });

  it('stop() ends the re-checks and the scroll listener', () => {
    const win = fakeWindow();
    const element = card(BELOW);
    const stop = createExposureTracker(win).observe(element, () => undefined);
    expect(win.listeners()).toBe(1);
    stop();
    expect(win.listeners()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(element.measured).toBe(1);
  });

  it('does nothing on the server', () => {
    const onExpose = vi.fn();
    const stop = observeExposure(card(0), onExpose);
    resetExposures();
    stop();
    expect(onExpose).not.toHaveBeenCalled();
  });
});

describe('observeExposure clean-up', () => {
  it('stops by itself once every element has counted, so a long feed does not pile up listeners', () => {
    const win = fakeWindow({ io: true });
    const tracker = createExposureTracker(win);
    const above = card(0);
    const below = card(BELOW);
    tracker.observe([above, below], () => undefined);
    expect(win.listeners()).toBe(1);
    below.top = 100;
    vi.advanceTimersByTime(500);
    expect(win.listeners()).toBe(0);
    expect(win.observers[0]?.disconnected).toBe(true);
    tracker.observe([], () => undefined);
    expect(win.listeners()).toBe(0);
  });

  it('drops elements removed from the page', () => {
    const win = fakeWindow();
    const element = card(BELOW);
    createExposureTracker(win).observe(element, () => undefined);
    element.isConnected = false;
    vi.advanceTimersByTime(500);
    expect(win.listeners()).toBe(0);
  });
});
