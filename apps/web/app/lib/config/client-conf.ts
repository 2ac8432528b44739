import type { ConfigDataMode } from '@h5/core';
import { isDowngradeOn } from '../downgrade';
import type { ClientConfSettings } from '../root-data';

/**
 * The settings pages read from the client-conf document (lib/root-data.ts): `errorPageSwitch`
 * only when it is `true`; `hotVideoRankTab` unless it is `false`. Nothing (no request method)
 * or `{}` (a failed read) gives the defaults: the page shows its content.
 */
export function clientConfSettingsOf(data: Record<string, unknown> | undefined): ClientConfSettings {
  return {
    errorPageSwitch: data?.errorPageSwitch === true,
    hotVideoRankTab: data?.hotVideoRankTab !== false,
  };
}

/**
 * The config client's data mode (docs/api.md "Config client"): the static config CDN (the
 * alternative data mode) while the page is in downgrade mode — the query flag
 * `downgrade_to_export` on the page's URL, or in the browser the local flag the floating button
 * sets (spec §2) — else the `{hash}` call.
 */
export function configDataMode(href: string, storedDowngradeFlag: string | null = null): ConfigDataMode {
  return isDowngradeOn(href, storedDowngradeFlag) ? 'static' : 'api';
}
