import { useCallback } from 'react';
import { contentNow, setContentShadow, useContentShadow } from '../../lib/data-layer/shadow';
import { toggle } from '../../lib/data-layer/toggle-queue';
import { useApi } from '../../lib/use-api';

interface Shown {
  isLight: boolean;
  lightCount: number;
}

/**
 * The viewer's light on one content, through the one toggle queue (decision record 005): a tap
 * shows at once on every copy of the content (its shadow); spec §4: isLight set → del, else add;
 * rapid taps end in the last one; a failed call (including 7999, which the request hooks turn
 * into the login prompt) rolls back everywhere to what the server last said. Offline, a light is
 * queued instead (lib/data-layer/offline-lights.ts).
 */
export function useLight(contentId: number, loaded: Shown) {
  const api = useApi();
  const shown = useContentShadow(contentId, { isLight: loaded.isLight, lightCount: loaded.lightCount });
  const tap = useCallback(
    () =>
      toggle<Shown>({
        key: `light:${contentId}`,
        current: () => contentNow(contentId, { isLight: loaded.isLight, lightCount: loaded.lightCount }),
        on: (s) => s.isLight,
        optimistic: (server, want) => {
          const delta = want === server.isLight ? 0 : want ? 1 : -1;
          return { isLight: want, lightCount: Math.max(0, server.lightCount + delta) };
        },
        send: async (want, server) => {
          // Offline (issue 33 point 5): a light is kept and sent once the network is back.
          if (want && !navigator.onLine)
            return import('../../lib/data-layer/offline-lights').then((m) =>
              m.queueOfflineLight(contentId, server),
            );
          const state = await api(
            server.isLight ? 'community.delContentLight' : 'community.addContentLight',
            { contentId },
          );
          return { isLight: state.isLight, lightCount: state.lightCount };
        },
        show: (s) => setContentShadow(contentId, s),
      }),
    [api, contentId, loaded.isLight, loaded.lightCount],
  );
  return { ...shown, toggle: tap };
}
