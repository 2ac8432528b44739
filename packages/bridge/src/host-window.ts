import type { FrameReceiver } from './frame-receiver';
import { NATIVE_HOST_GLOBAL, type NativeHost, PAGE_RECEIVER_GLOBAL } from './protocol';

/** The parts of `document` the bridge reads: cookies (the viewer and copy fallback need a full Document). */
export interface BridgeDocument {
  cookie: string;
}

/** The parts of `location` the bridge uses. */
export interface BridgeLocation {
  href: string;
  origin: string;
  pathname: string;
  protocol: string;
  assign(url: string): void;
  reload(): void;
}

/** The parts of `navigator` the web fallbacks use. */
export interface BridgeNavigator {
  userAgent: string;
  clipboard?: { writeText(text: string): Promise<void> };
  share?(data: { title?: string; text?: string; url?: string }): Promise<void>;
}

/** A page-lifecycle event (`pageshow`, `pagehide`): `persisted` is true for a page-cache restore. */
export interface LifecycleEvent {
  persisted?: boolean;
}

/** The window-like object the bridge lives in: `window` in the browser, a plain object in tests. */
export interface HostWindow {
  [NATIVE_HOST_GLOBAL]?: NativeHost | undefined;
  [PAGE_RECEIVER_GLOBAL]?: FrameReceiver | undefined;
  addEventListener(type: string, listener: (event: LifecycleEvent) => void): void;
  removeEventListener(type: string, listener: (event: LifecycleEvent) => void): void;
  top?: HostWindow | null;
  document?: BridgeDocument;
  location?: BridgeLocation;
  history?: { back(): void };
  navigator?: BridgeNavigator;
}

/**
 * The same-origin top window of an iframe, or null (not in an iframe, or the top is another
 * origin: reading its properties throws a SecurityError, which means "not usable").
 */
export function sameOriginTop(win: HostWindow): HostWindow | null {
  try {
    const top = win.top;
    if (!top || top === win) return null;
    void top[PAGE_RECEIVER_GLOBAL];
    return top;
  } catch {
    return null;
  }
}

/** The native host object on `win`, or undefined (also when `win` is not readable). */
export function nativeHostOf(win: HostWindow): NativeHost | undefined {
  try {
    const host = win[NATIVE_HOST_GLOBAL];
    return host && typeof host.postMessage === 'function' ? host : undefined;
  } catch {
    return undefined; // a cross-origin window: its host is not ours to use
  }
}
