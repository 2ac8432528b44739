import { type AppFeature, meetsFeature, parseAppUserAgent } from '@h5/core';
import { type BridgeError, isExpectedOutcome } from './bridge-error';
import type { BridgeContext } from './context';
import { type BridgeCallRecord, type BridgeOptions, resolveEnvironment } from './environment';
import { createFeatures, type FeatureApi } from './native-features';
import { createNavigation, type NavigationApi } from './navigation';
import type { BridgeCallKind, BridgeEventName, BridgeEvents, CallPayload, CallResult } from './protocol';
import { createSession, type SessionApi } from './session';
import { type CallOptions, createTransport, type RequestCallbacks } from './transport';

/** Queued calls look for the native host this often (only while some wait). */
export const DEFAULT_POLL_INTERVAL_MS = 100;

/** A many-answer request: where a failure goes (default: the bridge's onError). */
export interface SubscribeOptions extends CallOptions {
  onError?: (error: unknown) => void;
}

/** Detection, raw calls, many-answer calls and native events. */
export interface BridgeCore {
  /** The page runs inside our app (the UA marker). */
  readonly inApp: boolean;
  /** The app version from the UA (4.4.0 when missing). */
  readonly appVersion: string;
  /** This frame's id prefix. */
  readonly frameId: string;
  /** True in the app at or above the feature's minimum version (spec §9). */
  supports(feature: AppFeature): boolean;
  /** True once the native host object is present. */
  isReady(): boolean;
  /** Sends one request; rejects with a BridgeError on time-out, cancel, native failure (or outside the app). */
  call<K extends BridgeCallKind>(
    kind: K,
    payload: CallPayload<K>,
    options?: CallOptions,
  ): Promise<CallResult<K>>;
  /** A many-answer request: `onAnswer` runs per answer (`done` on the last); the returned function cancels. */
  subscribe<K extends BridgeCallKind>(
    kind: K,
    payload: CallPayload<K>,
    onAnswer: (result: CallResult<K>, done: boolean) => void,
    options?: SubscribeOptions,
  ): () => void;
  /** Listens to a native → page event; returns the off function. */
  on<E extends BridgeEventName>(event: E, handler: (data: BridgeEvents[E]) => void): () => void;
  /** Cancels pending calls and detaches from the page receiver. */
  dispose(): void;
}

/** The page side of the native bridge. */
export interface Bridge extends BridgeCore, SessionApi, NavigationApi, FeatureApi {}

function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

function randomFrameId(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}

/**
 * Wraps a request's callbacks so `onCall` sees it start and settle (a cancelled subscription
 * settles as ok through `cancelled`); the callbacks as they are without an observer.
 */
function callObserver(onCall: BridgeOptions['onCall']) {
  let counter = 0;
  return (kind: string, callbacks: RequestCallbacks): RequestCallbacks & { cancelled(): void } => {
    if (!onCall) return { ...callbacks, cancelled: () => undefined };
    const record: BridgeCallRecord = { n: ++counter, kind, startedAt: Date.now(), state: 'pending' };
    const settle = (state: 'ok' | 'error', error?: BridgeError) => {
      if (record.state !== 'pending') return;
      record.state = state;
      record.endedAt = Date.now();
      if (error) record.error = `${error.code} ${error.message}`;
      onCall(record);
    };
    onCall(record);
    return {
      onResult(result, done) {
        callbacks.onResult(result, done);
        if (done) settle('ok');
      },
      onError(error) {
        callbacks.onError(error);
        settle('error', error);
      },
      cancelled: () => settle('ok'),
    };
  };
}

/** Creates a bridge for this page (or frame) and installs the page receiver. */
export function createBridge(options: BridgeOptions = {}): Bridge {
  const env = resolveEnvironment(options);
  const parsed = parseAppUserAgent(env.userAgent);
  // The one switch of downgrade mode: everything below reads `app.inApp`.
  const app = options.webOnly ? { ...parsed, inApp: false } : parsed;
  const onError = options.onError ?? rethrowLater;
  const transport = createTransport({
    window: env.window,
    // A ':' would break routing: the receiver takes everything before the last one as the frame.
    frameId: (options.frameId ?? randomFrameId()).replaceAll(':', '_'),
    expectHost: app.inApp,
    webOnly: options.webOnly === true,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    onError,
  });

  const supports = (feature: AppFeature) => app.inApp && meetsFeature(app.version, feature);
  const observe = callObserver(options.onCall);
  const call = <K extends BridgeCallKind>(kind: K, payload: CallPayload<K>, callOptions: CallOptions = {}) =>
    new Promise<CallResult<K>>((resolve, reject) => {
      transport.request(
        kind,
        payload,
        observe(kind, { onResult: (result) => resolve(result as CallResult<K>), onError: reject }),
        callOptions,
        false,
      );
    });

  const ctx: BridgeContext = {
    env,
    options,
    inApp: app.inApp,
    appVersion: app.version,
    supports,
    call,
    transport,
    reportError: (error) => {
      if (!isExpectedOutcome(error)) onError(error);
    },
  };
  const features = createFeatures(ctx);
  const session = createSession(ctx, () => features.getPlatformInfo());
  const navigation = createNavigation(ctx, session);

  return {
    inApp: app.inApp,
    appVersion: app.version,
    frameId: transport.frameId,
    supports,
    isReady: transport.isReady,
    call,
    subscribe(kind, payload, onAnswer, subscribeOptions = {}) {
      const { onError: onFailure = ctx.reportError, ...callOptions } = subscribeOptions;
      const observed = observe(kind, {
        onResult: (result, done) => onAnswer(result as CallResult<typeof kind>, done),
        onError: onFailure,
      });
      const cancel = transport.request(kind, payload, observed, callOptions, true);
      return () => {
        cancel();
        observed.cancelled();
      };
    },
    on: transport.on,
    dispose: transport.dispose,
    ...features,
    ...session,
    ...navigation,
  };
}
