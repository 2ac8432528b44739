import { contract, type FollowingUser } from '@h5/contract';
import { optimiseImageUrl, USER_DETAIL_JUMP } from '@h5/core';
import { useCallback } from 'react';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useApi } from '../../lib/use-api';
import { JumpLink } from '../../shell/JumpLink';
import { PageHeader } from '../../shell/PageHeader';
import { useLowDevice } from '../../shell/use-low-device';
import type { Route } from './+types/following';
import styles from './following.module.css';
import { PagedListView } from './PagedListView';
import { usePagedList } from './use-paged-list';

const PAGE_SIZE = 20;
const AVATAR_WIDTH = 96;

export const meta: Route.MetaFunction = () => [
  { title: `${SOCIAL_TEXT.myFollowing} · ${SHELL_TEXT.siteTitle}` },
];

/** SSR prefetch of page 1 with the page request's session; a visitor goes to the login first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const prefetch = await gatedPrefetch(request, context, contract.community.specialList, {
    limit: PAGE_SIZE,
  });
  return { page: prefetch.data };
}

/** The users I follow (special-list), latest follow first, infinite. */
export default function Following({ loaderData }: Route.ComponentProps) {
  const api = useApi();
  const lowDevice = useLowDevice();
  const fetchPage = useCallback(
    (lastId?: string) => api((c) => c.community.specialList, { limit: PAGE_SIZE, lastId }),
    [api],
  );
  const list = usePagedList<FollowingUser>(loaderData.page, fetchPage);
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
