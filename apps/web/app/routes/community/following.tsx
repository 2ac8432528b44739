import type { FollowingUser } from '@h5/contract';
import { invalidate } from '../../lib/data-layer/cache';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { formatTime } from '../../lib/format-time';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useNow } from '../../lib/use-now';
import { PagedListView } from '../../shell/PagedListView';
import { Screen } from '../../shell/Screen';
import styles from '../../shell/screen.module.css';
import { UserRow } from '../../shell/UserRow';
import type { Route } from './+types/following';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = () => [
  { title: `${SOCIAL_TEXT.myFollowing} · ${SHELL_TEXT.siteTitle}` },
];

/** SSR prefetch of page 1 with the page request's session; a visitor goes to the login first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const prefetch = await gatedPrefetch(request, context, 'community.specialList', {
    limit: PAGE_SIZE,
  });
  return { page: prefetch.data };
}

const userId = (user: FollowingUser) => user.userId;

/** Back to the list answers from the cache: no request for its page 1 (decision record 005). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  if (isCached('community.specialList', { limit: PAGE_SIZE })) return { page: null };
  return serverLoader();
}

/** The users I follow (special-list), latest follow first, infinite. */
export default function Following({ loaderData }: Route.ComponentProps) {
  const list = useInfinite('community.specialList', { limit: PAGE_SIZE }, loaderData.page, userId);
  const now = useNow();
  return (
    <Screen
      title={SOCIAL_TEXT.myFollowing}
      testId="following"
      onRefresh={() => invalidate('community.specialList')}
      refreshing={list.state.loading === 'refresh'}
    >
      <PagedListView list={list} emptyText={SOCIAL_TEXT.followingEmpty}>
        {(users) => (
          <section className={styles.card}>
            <ul className={styles.rows} data-testid="following-list">
              {users.map((user) => (
                <UserRow
                  key={user.userId}
                  user={user}
                  linkTestId="following-user"
                  detail={`${user.contentCount} ${SOCIAL_TEXT.contents} · ${SOCIAL_TEXT.followedAt(
                    formatTime(user.followedAt, now),
                  )}`}
                />
              ))}
            </ul>
          </section>
        )}
      </PagedListView>
    </Screen>
  );
}
