import { useCallback } from 'react';
import { invalidate } from '../../lib/data-layer/cache';
import { setUserShadow, userNow, useUserShadow } from '../../lib/data-layer/shadow';
import { toggle } from '../../lib/data-layer/toggle-queue';
import { useApi } from '../../lib/use-api';

/** What a follow shows; a copy without a follower count (the detail's author) counts from 0. */
interface Shown {
  isFollowing: boolean;
  followerCount?: number;
}

/**
 * The viewer's follow of one user, through the one toggle queue (decision record 005): the user
 * home and the detail's author row show the same state at once; a visitor's tap opens the login
 * and is applied after the login (platform/after-login.ts). `onStored` runs once the server has
 * stored a follow or unfollow.
 */
export function useFollow<T extends Shown>(userId: number, loaded: T, onStored?: () => void) {
  const api = useApi();
  const shown = useUserShadow(userId, loaded);
  const tap = useCallback(
    () =>
      toggle<Shown>({
        key: `follow:${userId}`,
        current: () => userNow(userId, loaded),
        on: (s) => s.isFollowing,
        optimistic: (server, want) => ({
          isFollowing: want,
          followerCount: Math.max(
            0,
            (server.followerCount ?? 0) + (want === server.isFollowing ? 0 : want ? 1 : -1),
          ),
        }),
        send: async (follow) => {
          const state = await api('community.followAdd', { userId, follow });
          // My followings changed: the list is read afresh next time it opens.
          invalidate('community.specialList');
          // The caller's reads that depend on the follow go after the server has it (a tap only
          // queues the request, which may wait for its contract domain to load).
          onStored?.();
          return { isFollowing: state.isFollowing, followerCount: state.followerCount };
        },
        show: (s) => setUserShadow(userId, s),
      }),
    [api, userId, loaded, onStored],
  );
  return { ...shown, toggle: tap };
}
