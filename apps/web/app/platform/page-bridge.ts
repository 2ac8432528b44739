import type { Bridge } from '@h5/bridge';
import { goToWebLogin } from './web-login';

export interface PageBridgeHooks {
  /** Where bridge problems are reported (telemetry). */
  report: (kind: 'missing-cookie', message: string) => void;
}

let configured: Promise<Bridge> | undefined;

/**
 * The page's bridge, configured once with the app's hooks (web login outside the app, telemetry).
 * Loaded on demand: its own chunk, never first-load JS.
 */
export function loadPageBridge(hooks: PageBridgeHooks): Promise<Bridge> {
  configured ??= import('@h5/bridge').then(({ configureBridge }) =>
    configureBridge({
      onWebLogin: goToWebLogin,
      reportTelemetry: (kind, message) => hooks.report(kind, message),
      onError: (error) => console.error('bridge', error),
    }),
  );
  return configured;
}
