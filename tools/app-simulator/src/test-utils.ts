/** Fixtures shared by this package's tests (not part of the simulator's API). */
import type { BridgeCallKind, NativeTokens, RequestMessage } from '@h5/bridge/protocol';
import type { Endpoint } from '@h5/contract';
import { ApiError } from '@h5/request/api-error';
import type { NativeState } from './native-state';
import type { ServerApi } from './server-api';
import type { SheetSpec, ViewerSpec } from './sheet-spec';
import type { SheetController, SheetUi } from './sheets/sheet-controller';
import { inAppUserAgent } from './user-agent';

export const TOKENS: NativeTokens = { duToken: 'du-abc|42|1700000000000', xAuthToken: 'xa-abc' };

/** A simulated app's state: 5.26.1 on iOS, logged out, empty calendar. */
export function nativeState(overrides: Partial<NativeState> = {}, appVersion = '5.26.1'): NativeState {
  return {
    device: {
      appVersion,
      platform: 'ios',
      userAgent: inAppUserAgent(appVersion),
      deviceId: 'device-1',
      uuid: 'uuid-1',
    },
    session: null,
    calendar: [],
    platformInfoOverrides: {},
    cookieSync: true,
    trackSource: 'native',
    captchaSession: true,
    ...overrides,
  };
}

/** A page request as the bridge sends it. */
export function requestMessage(
  kind: BridgeCallKind | string,
  payload: unknown = {},
  id = 'f1:1',
): RequestMessage {
  return { v: 1, type: 'request', id, kind, payload } as RequestMessage;
}

/** A sheet UI that records what the controller draws and how it finishes. */
export function fakeUi<T>(children: Array<unknown | null> = []) {
  const drawn: Array<SheetSpec | ViewerSpec> = [];
  const toasts: string[] = [];
  const finished: Array<T | null> = [];
  const childKinds: string[] = [];
  const ui: SheetUi<T> = {
    id: 'sheet-1',
    render: async (spec) => {
      drawn.push(spec);
    },
    finish: async (result) => {
      finished.push(result);
    },
    toast: async (message) => {
      toasts.push(message);
    },
    openChild: async <U>(child: SheetController<U>) => {
      childKinds.push(child.kind);
      return (children.shift() ?? null) as U | null;
    },
  };
  const last = () => drawn.at(-1) as SheetSpec;
  return { ui, drawn, toasts, finished, childKinds, last };
}

type Reply = unknown | ((input: Record<string, unknown>, options: unknown) => unknown);

/** A server whose answers are given per endpoint path; an Error (or ApiError) reply is thrown. */
export function fakeApi(replies: Record<string, Reply | Reply[]>) {
  const calls: Array<{ path: string; input: Record<string, unknown>; options: unknown }> = [];
  const api = (async (endpoint: Endpoint, input: Record<string, unknown>, options?: unknown) => {
    calls.push({ path: endpoint.path, input, options });
    const entry = replies[endpoint.path];
    const reply = Array.isArray(entry) ? entry.shift() : entry;
    if (reply === undefined) throw new Error(`fakeApi: no reply for ${endpoint.path}`);
    const value = typeof reply === 'function' ? reply(input, options) : reply;
    if (value instanceof Error) throw value;
    return value;
  }) as ServerApi;
  return { api, calls };
}

/** The 485 answer of a risk check. */
export function riskError(scene = 'auth.sendLoginCode'): ApiError {
  return new ApiError('too many requests', 485, 485, 'risk', { data: { captchaType: 'image', scene } });
}
