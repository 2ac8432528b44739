import { BRIDGE_READY_EVENT, NATIVE_HOST_GLOBAL } from '@h5/bridge/protocol';
import { DISMISS_ACTION } from '../sheet-spec';
import { CLOSE_ICON, SHARE_ICONS } from './icons';
import { NATIVE_CSS } from './native-css';
import { installNativeRuntime, type RuntimeConfig } from './page-runtime';

/** The binding the native host's postMessage forwards to: `(json, docId)`. */
export const POST_BINDING = '__communitySimPost';
/** The binding sheet actions go to: `(eventJson, docId)`. */
export const SHEET_BINDING = '__communitySimSheet';
/** The runtime's API in the page (render, close, toast, docId). */
export const UI_GLOBAL = '__communitySimUi';

/** The runtime's configuration for one simulator. */
export function runtimeConfig(injectHostLateMs: number | null): RuntimeConfig {
  return {
    hostGlobal: NATIVE_HOST_GLOBAL,
    readyEvent: BRIDGE_READY_EVENT,
    postBinding: POST_BINDING,
    sheetBinding: SHEET_BINDING,
    uiGlobal: UI_GLOBAL,
    injectHostLateMs,
    css: NATIVE_CSS,
    icons: { ...SHARE_ICONS },
    closeIcon: CLOSE_ICON,
    dismissAction: DISMISS_ACTION,
  };
}

/**
 * The init script: the runtime function's source, called with its configuration. Transpilers
 * that keep function names (tsx/esbuild `keepNames`) wrap functions in `__name(...)`, a helper
 * that does not exist in the page, so a no-op one is defined around it.
 */
export function runtimeScript(config: RuntimeConfig): string {
  return `(() => {\nconst __name = (target) => target;\n(${installNativeRuntime.toString()})(${JSON.stringify(config)});\n})();`;
}

/**
 * A JavaScript expression calling `window[UI_GLOBAL][method](...args)` (args as JSON); with
 * `docId`, only in that document (a sheet of a page that navigated away is not drawn again).
 */
export function uiCall(method: 'render' | 'close' | 'toast', args: unknown[], docId?: string): string {
  const guard = docId === undefined ? 'ui' : `ui && ui.docId === ${JSON.stringify(docId)}`;
  const call = `ui.${method}(${args.map((a) => JSON.stringify(a)).join(', ')})`;
  return `((ui) => { if (${guard}) ${call}; })(window[${JSON.stringify(UI_GLOBAL)}])`;
}

/** The expression that reads the current document's id (null before the runtime ran). */
export const DOC_ID_EXPRESSION = `(window[${JSON.stringify(UI_GLOBAL)}]?.docId ?? null)`;
