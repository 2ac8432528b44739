import type { LiveContext, PublicRuntimeConfig } from '@h5/contract';
import type { LazyApi } from '../../lib/api-client';
import { loadPageBridge } from '../../platform/page-bridge';

/**
 * The live jump (spec §7): asks the server where the stream plays (its `jumpUrl`, or our room page
 * by `roomId`) and opens it: in the app natively, in a new webview pushed through the bridge;
 * outside the app the bridge's web fallback navigates this tab.
 */
export async function openLive(
  api: LazyApi,
  runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>,
  context: LiveContext,
): Promise<void> {
  const { jumpUrl } = await api('live.liveJump', context);
  const bridge = await loadPageBridge(runtime);
  await bridge.navigate('push', jumpUrl);
}
