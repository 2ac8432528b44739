import type { FollowingUser } from '@h5/contract';
import { optimiseImageUrl } from '@h5/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useApi } from '../../lib/use-api';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { useInfiniteScroll } from '../content/use-infinite-scroll';
import type { Route } from './+types/following';
import styles from './following.module.css';

const PAGE_SIZE = 20;
const AVATAR_WIDTH = 96;

export const meta: Route.MetaFunction = () => [
  { title: `${SOCIAL_TEXT.myFollowing} · ${SHELL_TEXT.siteTitle}` },
];

interface State {
  users: FollowingUser[];
  lastId: string | null;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
}

/**
 * The users I follow (special-list). Login only: loaded in the browser, where a visitor's call
 * opens the login (the request hooks' 7999 handling), so the server renders the shell only.
 */
export default function Following() {
  const api = useApi();
  const [state, setState] = useState<State>({
    users: [],
    lastId: null,
    hasMore: true,
    loading: true,
    failed: false,
  });
  const busy = useRef(false);
  const load = useCallback(
    async (lastId: string | null) => {
      if (busy.current) return;
      busy.current = true;
      setState((s) => ({ ...s, loading: true, failed: false }));
      try {
        const page = await api((c) => c.community.specialList, {
          limit: PAGE_SIZE,
          lastId: lastId ?? undefined,
        });
        setState((s) => ({
          users: lastId ? [...s.users, ...page.list] : page.list,
          lastId: page.lastId,
          hasMore: page.hasMore,
          loading: false,
          failed: false,
        }));
      } catch {
        setState((s) => ({ ...s, loading: false, failed: true }));
      } finally {
        busy.current = false;
      }
    },
    [api],
  );
  useEffect(() => {
    void load(null);
  }, [load]);
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(
    sentinel,
    state.users.length > 0 && state.hasMore && !state.loading && !state.failed,
    () => load(state.lastId),
  );

  let body: ReactNode;
  if (state.users.length === 0) {
    if (state.loading) body = <Placeholder type="loading" />;
    else if (state.failed) body = <Placeholder type="networkError" onRetry={() => load(null)} />;
    else
      body = (
        <>
          <Placeholder type="empty" />
          <p className={styles.end}>{SOCIAL_TEXT.followingEmpty}</p>
        </>
      );
  } else {
    body = (
      <>
        <ul className={styles.list} data-testid="following-list">
          {state.users.map((user) => (
            <li key={user.userId}>
              <Link
                to={`/community/user?userId=${user.userId}`}
                className={styles.row}
                data-testid="following-user"
              >
                <img
                  className={styles.avatar}
                  src={optimiseImageUrl(user.avatar, { width: AVATAR_WIDTH })}
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
              </Link>
            </li>
          ))}
        </ul>
        <div ref={sentinel} className={styles.footer}>
          {state.loading ? <Placeholder type="loading" compact /> : null}
          {state.failed ? (
            <Placeholder type="networkError" compact onRetry={() => load(state.lastId)} />
          ) : null}
          {!state.hasMore && !state.loading ? <p className={styles.end}>{SOCIAL_TEXT.end}</p> : null}
        </div>
      </>
    );
  }
  return (
    <div className={styles.screen} data-testid="following">
      <PageHeader title={SOCIAL_TEXT.myFollowing} fallback="/" />
      <main className={styles.main}>{body}</main>
    </div>
  );
}
