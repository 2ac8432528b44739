/** Fakes for the bridge tests: a window with a native host, a cookie jar, a location, a tiny DOM. */
import { APP_UA_MARKER } from '@h5/core';
import { vi } from 'vitest';
import type { BridgeOptions } from './environment';
import type { BridgeLocation, HostWindow, LifecycleEvent } from './host-window';
import {
  BRIDGE_READY_EVENT,
  type BridgeEventName,
  type BridgeEvents,
  NATIVE_HOST_GLOBAL,
  PAGE_RECEIVER_GLOBAL,
  type PageToNative,
  type RequestMessage,
} from './protocol';

export const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148';
/** The in-app user agent of an iPhone app at `version`. */
export const appUa = (version: string) => `${BROWSER_UA} ${APP_UA_MARKER}/${version}`;

type Listener = (event: LifecycleEvent) => void;

/** A window-like object whose events the test fires with `fire`. */
export interface FakeWindow extends HostWindow {
  fire(type: string, event?: LifecycleEvent): void;
  listenerCount(type: string): number;
}

/** A fake window; `top` makes it a same-origin iframe of that window. */
export function fakeWindow(top?: FakeWindow): FakeWindow {
  const listeners = new Map<string, Set<Listener>>();
  const win: FakeWindow = {
    addEventListener(type, listener) {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
    },
    removeEventListener(type, listener) {
      listeners.get(type)?.delete(listener);
    },
    fire(type, event = {}) {
      for (const listener of [...(listeners.get(type) ?? [])]) listener(event);
    },
    listenerCount: (type) => listeners.get(type)?.size ?? 0,
  };
  win.top = top ?? win;
  return win;
}

/** The native side as the page sees it: records what the page sends, answers through the receiver. */
export class FakeNative {
  readonly sent: PageToNative[] = [];

  constructor(readonly win: HostWindow) {}

  /** Injects the host object (the webview finished its set-up); `ready` also signals it. */
  install(signal: 'event' | 'receiver' | 'none' = 'none'): this {
    this.win[NATIVE_HOST_GLOBAL] = {
      postMessage: (json) => this.sent.push(JSON.parse(json) as PageToNative),
    };
    if (signal === 'receiver') this.win[PAGE_RECEIVER_GLOBAL]?.ready();
    if (signal === 'event') (this.win as FakeWindow).fire(BRIDGE_READY_EVENT);
    return this;
  }

  /** Requests sent so far, optionally of one kind. */
  requests(kind?: string): RequestMessage[] {
    return this.sent.filter((m): m is RequestMessage => m.type === 'request' && (!kind || m.kind === kind));
  }

  cancels(): string[] {
    return this.sent.flatMap((m) => (m.type === 'cancel' ? [m.id] : []));
  }

  /** The last request of `kind` (throws when none was sent). */
  last(kind: string): RequestMessage {
    const found = this.requests(kind).at(-1);
    if (!found) throw new Error(`no ${kind} request was sent`);
    return found;
  }

  answer(id: string, result: unknown, more?: boolean): void {
    this.win[PAGE_RECEIVER_GLOBAL]?.receive(JSON.stringify({ type: 'response', id, ok: true, result, more }));
  }

  fail(id: string, code: number, message = 'native failure'): void {
    this.win[PAGE_RECEIVER_GLOBAL]?.receive(
      JSON.stringify({ type: 'response', id, ok: false, error: { code, message } }),
    );
  }

  emit<E extends BridgeEventName>(event: E, data: BridgeEvents[E]): void {
    this.win[PAGE_RECEIVER_GLOBAL]?.receive(JSON.stringify({ type: 'event', event, data }));
  }
}

/** A document whose `cookie` behaves like the browser's: assignments set or (Max-Age=0) delete. */
export class FakeCookieDocument {
  readonly jar = new Map<string, string>();
  readonly writes: string[] = [];

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  set cookie(assignment: string) {
    this.writes.push(assignment);
    const [pair = '', ...attributes] = assignment.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    if (attributes.some((a) => /^max-age=0$/i.test(a))) this.jar.delete(name);
    else this.jar.set(name, pair.slice(eq + 1));
  }
}

/** A location at `url` whose assign and reload are spies. */
export function fakeLocation(url = 'https://m.example.com/community/feed'): BridgeLocation {
  const parsed = new URL(url);
  return {
    href: parsed.href,
    origin: parsed.origin,
    pathname: parsed.pathname,
    protocol: parsed.protocol,
    assign: vi.fn(),
    reload: vi.fn(),
  };
}

/** Everything a bridge test needs, wired into bridge options. */
export function testEnvironment(userAgent: string, url?: string) {
  const win = fakeWindow();
  const native = new FakeNative(win);
  const document = new FakeCookieDocument();
  const location = fakeLocation(url);
  const history = { back: vi.fn() };
  const telemetry = vi.fn();
  const onWebLogin = vi.fn();
  const onError = vi.fn();
  const options: BridgeOptions = {
    window: win,
    userAgent,
    document,
    location,
    history,
    navigator: { userAgent },
    frameId: 'f1',
    reportTelemetry: telemetry,
    onWebLogin,
    onError,
  };
  return { win, native, document, location, history, telemetry, onWebLogin, onError, options };
}

/** Lets pending promise callbacks run (works under fake timers too). */
export async function flushPromises(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

type FakeListener = (event: FakeEvent) => void;
/** The fields of DOM events the viewer reads. */
export interface FakeEvent {
  target: FakeElement;
  key?: string;
  shiftKey?: boolean;
  touches?: { clientX: number }[];
  changedTouches?: { clientX: number }[];
  preventDefault(): void;
}

/** Just enough of an element for the image viewer and the copy fallback. */
export class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly children: FakeElement[] = [];
  readonly style: Record<string, string> = {};
  parent: FakeElement | null = null;
  textContent = '';
  value = '';
  private readonly listeners = new Map<string, FakeListener[]>();

  constructor(
    readonly tagName: string,
    private readonly dom: FakeDom,
  ) {}

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  append(...nodes: FakeElement[]): void {
    for (const node of nodes) {
      node.parent = this;
      this.children.push(node);
    }
  }
  remove(): void {
    if (this.parent) this.parent.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  addEventListener(type: string, listener: FakeListener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** Fires `type` here and bubbles it up to the ancestors. */
  dispatch(type: string, init: Partial<FakeEvent> = {}): FakeEvent {
    const event: FakeEvent = { preventDefault: vi.fn(), ...init, target: this };
    for (let node: FakeElement | null = this; node; node = node.parent) {
      for (const listener of node.listeners.get(type) ?? []) listener(event);
    }
    return event;
  }
  focus(): void {
    this.dom.activeElement = this;
  }
  select(): void {}
  setSelectionRange(): void {}
  /** The first descendant (depth first) matching `test`. */
  find(test: (el: FakeElement) => boolean): FakeElement | undefined {
    for (const child of this.children) {
      if (test(child)) return child;
      const deeper = child.find(test);
      if (deeper) return deeper;
    }
    return undefined;
  }
}

/** A tiny DOM document with a cookie jar, a body and a scripted execCommand. */
export class FakeDom extends FakeCookieDocument {
  readonly body: FakeElement = new FakeElement('body', this);
  activeElement: FakeElement | null = null;
  execCommand = vi.fn((_command: string) => true);

  createElement(tag: string): FakeElement {
    return new FakeElement(tag, this);
  }
}

/** The fake DOM typed as the real one, for code that takes a Document. */
export const asDocument = (dom: FakeDom) => dom as unknown as Document;
