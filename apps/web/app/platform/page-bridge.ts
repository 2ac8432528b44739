import type { Bridge, BridgeTelemetryKind } from '@h5/bridge';
import type { PublicRuntimeConfig } from '@h5/contract';
import { isDowngraded } from './app-mode';
import { goToWebLogin } from './web-login';

type Reporter = (kind: BridgeTelemetryKind, message: string) => void;

let configured: Promise<Bridge> | undefined;
let reporter: Reporter | undefined;

/** Where bridge problems go (telemetry); the API client sets it when it loads. */
export function setBridgeReporter(report: Reporter): void {
  reporter = report;
}

/**
 * The page's bridge, configured once with the app's hooks (web login outside the app, telemetry)
 * and the shared cookie domain of the runtime config (the same for every caller). In downgrade
 * mode it is web only: `inApp` false, nothing sent to the app, every helper's web fallback.
 * Loaded on demand: its own chunk, never first-load JS.
 */
export function loadPageBridge(runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>): Promise<Bridge> {
  configured ??= Promise.all([import('@h5/bridge'), import('../lib/diagnostics')]).then(
    ([{ configureBridge }, { recordBridgeCall }]) =>
      configureBridge({
        cookieDomain: runtime.cookieDomain,
        webOnly: isDowngraded(),
        // Every call in the debug console's platform tab.
        onCall: recordBridgeCall,
        onWebLogin: goToWebLogin,
        // The bridge reports from inside request retries, when the API client (and reporter) exist.
        reportTelemetry: (kind, message) => reporter?.(kind, message),
        onError: (error) => console.error('bridge', error),
      }),
  );
  return configured;
}
