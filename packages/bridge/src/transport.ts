import { BridgeError, nativeFailure } from './bridge-error';
import { defaultCallTimeoutMs } from './call-timeouts';
import { type HostWindow, type LifecycleEvent, nativeHostOf, sameOriginTop } from './host-window';
import {
  BRIDGE_ERROR,
  BRIDGE_PROTOCOL_VERSION,
  BRIDGE_READY_EVENT,
  type BridgeCallKind,
  type BridgeEventName,
  type BridgeEvents,
  type CallPayload,
  type NativeHost,
  type NativeToPage,
  type PageToNative,
  type RequestMessage,
  type ResponseMessage,
} from './protocol';
import { attachFrame } from './receiver';

/** Per-call options: a time-out instead of the kind's default, and a cancel signal. */
export interface CallOptions {
  /** Milliseconds until the call rejects with BRIDGE_ERROR.timeout; positive, else the default. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Where one request's answers go. `done` is false while the native side promises more. */
export interface RequestCallbacks {
  onResult(result: unknown, done: boolean): void;
  onError(error: BridgeError): void;
}

export interface TransportOptions {
  window: HostWindow | undefined;
  frameId: string;
  /** In the app: calls wait for the native host. Outside it they fail at once as unsupported. */
  expectHost: boolean;
  /** Downgrade mode: never send, even to a host that is there; every call fails as unsupported. */
  webOnly?: boolean;
  pollIntervalMs: number;
  /** An event handler threw. */
  onError(error: unknown): void;
}

/** Messages, callback ids, queueing, time-outs and events; no knowledge of what a kind means. */
export interface Transport {
  readonly frameId: string;
  /** True when the native host object is present. */
  isReady(): boolean;
  /** Sends one request; `many` keeps it open for `more: true` answers. Returns a silent cancel. */
  request<K extends BridgeCallKind>(
    kind: K,
    payload: CallPayload<K>,
    callbacks: RequestCallbacks,
    options: CallOptions,
    many: boolean,
  ): () => void;
  on<E extends BridgeEventName>(event: E, handler: (data: BridgeEvents[E]) => void): () => void;
  /** Delivers an event to this frame's handlers as if the native side had sent it. */
  emit<E extends BridgeEventName>(event: E, data: BridgeEvents[E]): void;
  dispose(): void;
}

interface Pending {
  message: RequestMessage;
  callbacks: RequestCallbacks;
  many: boolean;
  sent: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  release: () => void;
}

const validTimeout = (ms: number | undefined): ms is number =>
  typeof ms === 'number' && Number.isFinite(ms) && ms > 0;

/** Creates the transport of one frame and attaches it to the page receiver(s). */
export function createTransport(options: TransportOptions): Transport {
  const { window: win, frameId } = options;
  const top = win ? sameOriginTop(win) : null;
  // An iframe without its own host talks through the top window's host and receiver.
  const windows = [win, top].filter((w): w is HostWindow => Boolean(w));
  const pending = new Map<string, Pending>();
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  let counter = 0;
  let poll: ReturnType<typeof setInterval> | undefined;

  const findHost = (): NativeHost | undefined => {
    for (const w of windows) {
      const host = nativeHostOf(w);
      if (host) return host;
    }
    return undefined;
  };

  const post = (host: NativeHost, message: PageToNative) => host.postMessage(JSON.stringify(message));

  function finish(entry: Pending): void {
    clearTimeout(entry.timer);
    entry.release();
    pending.delete(entry.message.id);
  }

  function sendCancel(entry: Pending): void {
    const host = entry.sent ? findHost() : undefined;
    if (!host) return; // never sent (or host gone): the native side has nothing to stop
    try {
      post(host, { v: BRIDGE_PROTOCOL_VERSION, type: 'cancel', id: entry.message.id });
    } catch (error) {
      options.onError(error);
    }
  }

  /** Ends a request with `error`; `report` false for the caller's own unsubscribe. */
  function fail(id: string, error: BridgeError, report = true): void {
    const entry = pending.get(id);
    if (!entry) return;
    finish(entry);
    sendCancel(entry);
    if (report) safely(() => entry.callbacks.onError(error));
  }

  function updatePoll(): void {
    const waiting = [...pending.values()].some((p) => !p.sent);
    if (waiting && poll === undefined) poll = setInterval(() => flush(false), options.pollIntervalMs);
    if (!waiting && poll !== undefined) {
      clearInterval(poll);
      poll = undefined;
    }
  }

  /** Sends queued requests in order; `all` re-sends those already sent (page-cache restore). */
  function flush(all: boolean): void {
    const host = findHost();
    if (host) {
      for (const entry of [...pending.values()]) {
        if (entry.sent && !all) continue;
        try {
          post(host, entry.message);
          entry.sent = true;
        } catch (error) {
          const kind = entry.message.kind;
          fail(
            entry.message.id,
            new BridgeError(BRIDGE_ERROR.failed, `${kind} not sent: ${String(error)}`, kind),
          );
        }
      }
    }
    updatePoll();
  }

  // Page code runs inside the native side's receive(): its fault goes to onError, not back to the app.
  function safely(run: () => void): void {
    try {
      run();
    } catch (error) {
      options.onError(error);
    }
  }

  function dispatch(event: string, data: unknown): void {
    for (const handler of [...(handlers.get(event) ?? [])]) safely(() => handler(data));
  }

  function answer(message: ResponseMessage): void {
    const entry = pending.get(message.id);
    if (!entry) return; // answered, timed out or cancelled already
    if (!message.ok) {
      finish(entry);
      safely(() => entry.callbacks.onError(nativeFailure(entry.message.kind, message.error)));
      return;
    }
    if (entry.many && message.more) {
      // The first answer proves the native side is there; later ones may take as long as they need.
      clearTimeout(entry.timer);
      entry.timer = undefined;
      safely(() => entry.callbacks.onResult(message.result, false));
      return;
    }
    finish(entry);
    if (message.more) sendCancel(entry); // a one-answer call wants no further answers
    safely(() => entry.callbacks.onResult(message.result, true));
  }

  const sink = {
    handle(message: NativeToPage) {
      if (message.type === 'response') answer(message);
      else dispatch(message.event, message.data);
    },
    ready: () => flush(false),
  };
  const detachers = windows.map((w) => attachFrame(w, frameId, sink));
  const onReady = () => flush(false);
  const onPageShow = (event: LifecycleEvent) => {
    if (event.persisted) flush(true);
  };
  const onPageHide = (event: LifecycleEvent) => {
    if (!event.persisted) for (const detach of detachers) detach();
  };
  for (const w of windows) w.addEventListener(BRIDGE_READY_EVENT, onReady);
  win?.addEventListener('pageshow', onPageShow);
  win?.addEventListener('pagehide', onPageHide);

  return {
    frameId,
    isReady: () => findHost() !== undefined,

    request(kind, payload, callbacks, callOptions, many) {
      const id = `${frameId}:${++counter}`;
      const { signal } = callOptions;
      if (signal?.aborted) {
        callbacks.onError(new BridgeError(BRIDGE_ERROR.cancelled, `${kind} cancelled`, kind));
        return () => {};
      }
      if (options.webOnly || (!options.expectHost && !findHost())) {
        callbacks.onError(new BridgeError(BRIDGE_ERROR.unsupported, `${kind} needs the app`, kind));
        return () => {};
      }
      const message = { v: BRIDGE_PROTOCOL_VERSION, type: 'request', id, kind, payload } as RequestMessage;
      const timeoutMs = validTimeout(callOptions.timeoutMs)
        ? callOptions.timeoutMs
        : defaultCallTimeoutMs(kind);
      const onAbort = () => fail(id, new BridgeError(BRIDGE_ERROR.cancelled, `${kind} cancelled`, kind));
      signal?.addEventListener('abort', onAbort, { once: true });
      const entry: Pending = {
        message,
        callbacks,
        many,
        sent: false,
        timer: setTimeout(() => {
          fail(id, new BridgeError(BRIDGE_ERROR.timeout, `${kind} timed out after ${timeoutMs} ms`, kind));
        }, timeoutMs),
        release: () => signal?.removeEventListener('abort', onAbort),
      };
      pending.set(id, entry);
      flush(false);
      return () => fail(id, new BridgeError(BRIDGE_ERROR.cancelled, `${kind} cancelled`, kind), false);
    },

    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      const entry = handler as (data: unknown) => void;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },

    emit: (event, data) => dispatch(event, data),

    dispose() {
      for (const entry of [...pending.values()]) {
        const kind = entry.message.kind;
        fail(entry.message.id, new BridgeError(BRIDGE_ERROR.cancelled, `${kind} cancelled`, kind));
      }
      if (poll !== undefined) clearInterval(poll);
      poll = undefined;
      for (const w of windows) w.removeEventListener(BRIDGE_READY_EVENT, onReady);
      win?.removeEventListener('pageshow', onPageShow);
      win?.removeEventListener('pagehide', onPageHide);
      for (const detach of detachers) detach();
    },
  };
}
