import type { FollowingUser } from '@h5/contract';
import { optimiseImageUrl, USER_DETAIL_JUMP } from '@h5/core';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useLowDevice } from '../../lib/use-low-device';
import { JumpLink } from '../../shell/JumpLink';
import { PagedListView } from '../../shell/PagedListView';
import { PageHeader } from '../../shell/PageHeader';
import type { Route } from './+types/following';
import styles from './following.module.css';

const PAGE_SIZE = 20;
const AVATAR_WIDTH = 96;

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
  const lowDevice = useLowDevice();
  const list = useInfinite('community.specialList', { limit: PAGE_SIZE }, loaderData.page, userId);
  return (
    <div className={styles.screen} data-testid="following">
      <PageHeader title={SOCIAL_TEXT.myFollowing} fallback="/" />
      <main className={styles.main}>
        <PagedListView list={list} emptyText={SOCIAL_TEXT.followingEmpty}>
          {(users) => (
            <ul className={styles.list} data-testid="following-list">
              {users.map((user) => (
                <li key={user.userId}>
                  <JumpLink
                    jump={USER_DETAIL_JUMP}
                    params={{ userId: user.userId }}
                    className={styles.row}
                    data-testid="following-user"
                  >
                    <img
                      className={styles.avatar}
                      src={optimiseImageUrl(user.avatar, { width: AVATAR_WIDTH, lowDevice })}
                      width={44}
                      height={44}
                      alt=""
                      loading="lazy"
                    />
                    <span className={styles.who}>
                      <span className={styles.name}>{user.userName}</span>
                      <span className={styles.meta}>
                        {user.contentCount} {SOCIAL_TEXT.contents} ·{' '}
                        {SOCIAL_TEXT.followedAt(new Date(user.followedAt).toLocaleDateString('zh-CN'))}
                      </span>
                    </span>
                  </JumpLink>
                </li>
              ))}
            </ul>
          )}
        </PagedListView>
      </main>
    </div>
  );
}
