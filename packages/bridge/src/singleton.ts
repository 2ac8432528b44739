import { type Bridge, createBridge } from './create-bridge';
import { type BridgeOptions, browserWindow } from './environment';

let pageBridge: Bridge | undefined;

/** The page's bridge, created on first use; on the server (no window) a fresh inert one each time. */
export function getBridge(): Bridge {
  if (pageBridge) return pageBridge;
  const bridge = createBridge();
  // Only a browser bridge is kept: a server render must not share one between requests.
  if (browserWindow()) pageBridge = bridge;
  return bridge;
}

/** Creates the page's bridge with the app's hooks (cookie domain, web login, telemetry), replacing any earlier one. */
export function configureBridge(options: BridgeOptions): Bridge {
  pageBridge?.dispose();
  pageBridge = createBridge(options);
  return pageBridge;
}
