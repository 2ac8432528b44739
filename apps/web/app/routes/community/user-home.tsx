import { contract, type FeedPage, HASH_ID_PATTERN, type UserProfile } from '@h5/contract';
import { formatCount, NOT_FOUND, optimiseImageUrl } from '@h5/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { SHARE_TEXT } from '../../lib/ui-text/share';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useApi } from '../../lib/use-api';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { useLowDevice } from '../../shell/use-low-device';
import { leanPage } from '../content/lean-page';
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

/** A public `?hashId=` (spec §7's hashId), or null when there is none or it cannot be one. */
function hashIdOf(request: Request): string | null {
  const hashId = new URL(request.url).searchParams.get('hashId')?.trim() ?? '';
  return HASH_ID_PATTERN.test(hashId) ? hashId : null;
}

const NOT_FOUND_PAGE = { userId: null, hashId: null, profile: null, notFound: true, page: null } as const;

/** Inside the app the share path lands on the native user screen (issue 12); else the user home. */
export async function loader(args: Route.LoaderArgs) {
  return appLanding(args.request) ?? (await userHomeData(args));
}

/**
 * SSR prefetch of the header and page 1 for `?userId=`, or for the user of `?hashId=` (looked up
 * first, within the same prefetch limit, spec §4). When the lookup does not come in time the
 * browser resolves the hashId itself (`hashId` set, `userId` null).
 */
async function userHomeData({ request, context }: Route.LoaderArgs) {
  let userId = queryId(request, 'userId');
  const hashId = userId === null ? hashIdOf(request) : null;
  if (userId === null) {
    if (hashId === null) return NOT_FOUND_PAGE;
    const found = await prefetch(context, contract.community.hashId, { hashId });
    if (!found.ok && found.reason === 'error' && errorCode(found.error) === NOT_FOUND) return NOT_FOUND_PAGE;
    if (!found.ok) return { userId: null, hashId, profile: null, notFound: false, page: null };
    userId = found.data.userId;
  }
  const [profile, page] = await Promise.all([
    prefetch(context, contract.community.uhomepageProfile, { userId }),
    prefetch(context, contract.community.uhomepageContents, { userId, limit: PAGE_SIZE }),
  ]);
  // A missing user is an answer (not-found page); other failures leave the header to the browser.
  if (!profile.ok && profile.reason === 'error' && errorCode(profile.error) === NOT_FOUND)
    return { ...NOT_FOUND_PAGE, userId };
  return {
    userId,
    hashId: null,
    profile: dataOf(profile),
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
  const { userId, hashId, notFound } = loaderData;
  if (userId !== null && !notFound)
    return (
      <UserHomeScreen key={userId} userId={userId} profile={loaderData.profile} page={loaderData.page} />
    );
  if (hashId !== null && !notFound) return <HashIdHome key={hashId} hashId={hashId} />;
  return <UserNotFound />;
}

function UserNotFound() {
  return (
    <div className={styles.screen} data-testid="user-home-not-found">
      <PageHeader title={SOCIAL_TEXT.userHome} fallback="/" />
      <Placeholder type="empty" />
      <p className={styles.end}>{SOCIAL_TEXT.userNotFound}</p>
    </div>
  );
}

/** The user home of a hashId the server did not resolve in time: the browser looks it up. */
function HashIdHome({ hashId }: { hashId: string }) {
  const api = useApi();
  const [found, setFound] = useState<number | 'missing' | 'failed' | null>(null);
  const resolve = useCallback(() => {
    setFound(null);
    api((c) => c.community.hashId, { hashId }, { errorToast: false }).then(
      (user) => setFound(user.userId),
      (error: unknown) => setFound(errorCode(error) === NOT_FOUND ? 'missing' : 'failed'),
    );
  }, [api, hashId]);
  useEffect(resolve, [resolve]);
  if (typeof found === 'number') return <UserHomeScreen userId={found} profile={null} page={null} />;
  if (found === 'missing') return <UserNotFound />;
  return (
    <div className={styles.screen} data-testid="user-home">
      <PageHeader title={SOCIAL_TEXT.userHome} fallback="/" />
      <main className={styles.main}>
        {found === 'failed' ? (
          <Placeholder type="networkError" onRetry={resolve} />
        ) : (
          <Placeholder type="loading" />
        )}
      </main>
    </div>
  );
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
  const lowDevice = useLowDevice();
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
        src={optimiseImageUrl(profile.avatar, { width: AVATAR_WIDTH, lowDevice })}
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
