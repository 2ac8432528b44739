import type { Bridge, BridgeTelemetryKind } from '@h5/bridge';
import { goToWebLogin } from './web-login';

type Reporter = (kind: BridgeTelemetryKind, message: string) => void;

let configured: Promise<Bridge> | undefined;
let reporter: Reporter | undefined;

/** Where bridge problems go (telemetry); the API client sets it when it loads. */
export function setBridgeReporter(report: Reporter): void {
  reporter = report;
}

/**
 * The page's bridge, configured once with the app's hooks (web login outside the app, telemetry).
 * Loaded on demand: its own chunk, never first-load JS.
 */
export function loadPageBridge(): Promise<Bridge> {
  configured ??= import('@h5/bridge').then(({ configureBridge }) =>
    configureBridge({
      onWebLogin: goToWebLogin,
      // The bridge reports from inside request retries, when the API client (and reporter) exist.
      reportTelemetry: (kind, message) => reporter?.(kind, message),
      onError: (error) => console.error('bridge', error),
    }),
  );
  return configured;
}
