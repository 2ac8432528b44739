import { contract, type FeedPage, HASH_ID_PATTERN, type UserProfile } from '@h5/contract';
import { formatCount, NOT_FOUND, optimiseImageUrl, PREFETCH_TIMEOUT_MS } from '@h5/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { racePrefetch } from '../../lib/prefetch';
import { SHARE_TEXT } from '../../lib/ui-text/share';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useApi } from '../../lib/use-api';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { leanPage } from '../content/feed-state';
import { appLanding } from '../share/app-landing';
import { ShareButton } from '../share/ShareButton';
import { ShareLanding } from '../share/ShareLanding';
import type { Route } from './+types/user-home';
import { CardList } from './CardList';
import { errorCode, queryId } from './page-id';
import styles from './social.module.css';
import { usePagedList } from './use-paged-list';

const PAGE_SIZE = 20;
const AVATAR_WIDTH = 128;

/** `?userId=`, or the user of a public `?hashId=` (hashId of spec §7); null when neither names one. */
async function userIdOf(request: Request, api: Route.LoaderArgs['context']['api']): Promise<number | null> {
  const userId = queryId(request, 'userId');
  if (userId !== null) return userId;
  const hashId = new URL(request.url).searchParams.get('hashId')?.trim() ?? '';
  if (!HASH_ID_PATTERN.test(hashId)) return null;
  return api(contract.community.hashId, { hashId }).then(
    (found) => found.userId,
    () => null,
  );
}

/** Inside the app the share path lands on the native user screen (issue 12); else the user home. */
export async function loader(args: Route.LoaderArgs) {
  return appLanding(args.request) ?? (await userHomeData(args));
}

/** SSR prefetch of the header and page 1 (raced against the prefetch timeout, spec §4). */
async function userHomeData({ request, context }: Route.LoaderArgs) {
  const userId = await userIdOf(request, context.api);
  if (userId === null) return { userId: null, profile: null, notFound: true, page: null };
  // A missing user is an answer (not-found page); other failures leave the header to the browser.
  const missing = Symbol('missing');
  const [profile, page] = await Promise.all([
    racePrefetch(
      context
        .api(contract.community.uhomepageProfile, { userId })
        .catch((error: unknown) => (errorCode(error) === NOT_FOUND ? missing : Promise.reject(error))),
      PREFETCH_TIMEOUT_MS,
    ),
    racePrefetch(
      context.api(contract.community.uhomepageContents, { userId, limit: PAGE_SIZE }),
      PREFETCH_TIMEOUT_MS,
    ),
  ]);
  if (profile.ok && profile.data === missing) return { userId, profile: null, notFound: true, page: null };
  return {
    userId,
    profile: profile.ok && profile.data !== missing ? profile.data : null,
    notFound: false,
    page: page.ok ? leanPage(page.data) : null,
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const profile = data && 'profile' in data ? data.profile : null;
  const title = profile ? SHARE_TEXT.userShareTitle(profile.userName) : SOCIAL_TEXT.userHome;
  return [
    { title: `${title} · ${SHELL_TEXT.siteTitle}` },
    { name: 'description', content: SHARE_TEXT.shareContent },
    ...(profile ? [{ property: 'og:image', content: profile.avatar }] : []),
  ];
};

/**
 * The user home (jump fallback `/community/user?userId=`, share path `/user-home/share`; either
 * also by `?hashId=`).
 */
export default function UserHome({ loaderData }: Route.ComponentProps) {
  if ('webPath' in loaderData) return <ShareLanding webPath={loaderData.webPath} />;
  const { userId, notFound } = loaderData;
  if (userId === null || notFound) {
    return (
      <div className={styles.screen} data-testid="user-home-not-found">
        <PageHeader title={SOCIAL_TEXT.userHome} fallback="/" />
        <Placeholder type="empty" />
        <p className={styles.end}>{SOCIAL_TEXT.userNotFound}</p>
      </div>
    );
  }
  return <UserHomeScreen key={userId} userId={userId} profile={loaderData.profile} page={loaderData.page} />;
}

function UserHomeScreen(props: { userId: number; profile: UserProfile | null; page: FeedPage | null }) {
  const { userId } = props;
  const api = useApi();
  const [profile, setProfile] = useState(props.profile);
  const [profileFailed, setProfileFailed] = useState(false);
  const loadProfile = useCallback(() => {
    setProfileFailed(false);
    api((c) => c.community.uhomepageProfile, { userId }).then(setProfile, () => setProfileFailed(true));
  }, [api, userId]);
  const prefetched = props.profile !== null;
  useEffect(() => {
    if (!prefetched) loadProfile();
  }, [prefetched, loadProfile]);
  const fetchPage = useCallback(
    (lastId?: string) => api((c) => c.community.uhomepageContents, { userId, limit: PAGE_SIZE, lastId }),
    [api, userId],
  );
  const list = usePagedList(props.page, fetchPage);

  return (
    <div className={styles.screen} data-testid="user-home">
      <PageHeader title={profile?.userName ?? SOCIAL_TEXT.userHome} fallback="/" />
      <main className={styles.main}>
        {profile ? (
          <ProfileHeader profile={profile} onChange={setProfile} />
        ) : profileFailed ? (
          <Placeholder type="networkError" onRetry={loadProfile} compact />
        ) : (
          <Placeholder type="loading" compact />
        )}
        <CardList list={list} />
      </main>
    </div>
  );
}

function ProfileHeader({ profile, onChange }: { profile: UserProfile; onChange: (p: UserProfile) => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (busy) return;
    const before = profile;
    const follow = !before.isFollowing;
    // Optimistic: the button and the count change at once, the server's answer settles them.
    onChange({
      ...before,
      isFollowing: follow,
      followerCount: Math.max(0, before.followerCount + (follow ? 1 : -1)),
    });
    setBusy(true);
    try {
      const state = await api((c) => c.community.followAdd, { userId: before.userId, follow });
      onChange({ ...before, isFollowing: state.isFollowing, followerCount: state.followerCount });
    } catch {
      onChange(before);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.profile} data-testid="user-profile">
      <img
        className={styles.avatar}
        src={optimiseImageUrl(profile.avatar, { width: AVATAR_WIDTH })}
        width={64}
        height={64}
        alt=""
      />
      <div className={styles.who}>
        <h2 className={styles.name} data-testid="user-name">
          {profile.userName}
        </h2>
        <p className={styles.counts}>
          <span>
            <b data-testid="follower-count">{formatCount(profile.followerCount)}</b>
            {SOCIAL_TEXT.followers}
          </span>
          {profile.isSelf ? (
            <Link to="/community/following" className={styles.countLink} data-testid="my-following">
              <b data-testid="following-count">{formatCount(profile.followingCount)}</b>
              {SOCIAL_TEXT.followingCount}
            </Link>
          ) : (
            <span>
              <b data-testid="following-count">{formatCount(profile.followingCount)}</b>
              {SOCIAL_TEXT.followingCount}
            </span>
          )}
          <span>
            <b>{formatCount(profile.contentCount)}</b>
            {SOCIAL_TEXT.contents}
          </span>
        </p>
      </div>
      <div className={styles.actions}>
        {profile.isSelf ? null : (
          <button
            type="button"
            className={styles.follow}
            aria-pressed={profile.isFollowing}
            onClick={toggle}
            data-testid="follow-button"
          >
            {profile.isFollowing ? SOCIAL_TEXT.following : SOCIAL_TEXT.follow}
          </button>
        )}
        <ShareButton target={{ type: 'user', userId: profile.userId }} />
      </div>
    </section>
  );
}
