export { BridgeError, isBridgeError, isExpectedOutcome } from './bridge-error';
export { defaultCallTimeoutMs, INTERACTIVE_CALL_TIMEOUT_MS } from './call-timeouts';
export {
  type Bridge,
  type BridgeCore,
  createBridge,
  DEFAULT_POLL_INTERVAL_MS,
  type SubscribeOptions,
} from './create-bridge';
export type { BridgeCallRecord, BridgeOptions, BridgeTelemetryKind } from './environment';
export type { BridgeDocument, BridgeLocation, BridgeNavigator, HostWindow } from './host-window';
export type { FeatureApi } from './native-features';
export type { NavigationApi } from './navigation';
export { deviceIdOf, platformInfoFromUserAgent } from './platform-info';
export * from './protocol';
export { DEFAULT_COOKIE_MAX_AGE_SECONDS, isReloadExemptPath, type SessionApi } from './session';
export { configureBridge, getBridge } from './singleton';
export type { CallOptions } from './transport';
