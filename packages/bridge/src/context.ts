import type { AppFeature } from '@h5/core';
import type { BridgeEnvironment, BridgeOptions } from './environment';
import type { BridgeCallKind, CallPayload, CallResult } from './protocol';
import type { CallOptions, Transport } from './transport';

/** What the helper modules share: the environment, detection, the call primitive. */
export interface BridgeContext {
  env: BridgeEnvironment;
  options: BridgeOptions;
  inApp: boolean;
  appVersion: string;
  supports(feature: AppFeature): boolean;
  call<K extends BridgeCallKind>(
    kind: K,
    payload: CallPayload<K>,
    options?: CallOptions,
  ): Promise<CallResult<K>>;
  transport: Transport;
  /** A fault with no caller to reject; dismissals and cancels are filtered out first. */
  reportError(error: unknown): void;
}
