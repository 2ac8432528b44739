import { type FeedPage, HASH_ID_PATTERN, type UserProfile } from '@h5/contract';
import { formatCount, optimiseImageUrl } from '@h5/core';
import { Link } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { leanPage } from '../../lib/data-layer/lean-page';
import { useEntry } from '../../lib/data-layer/use-entry';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { isNotFoundError, notFound } from '../../lib/not-found';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { queryId } from '../../lib/query-id';
import { useRootData } from '../../lib/root-data';
import { CREATOR_TEXT } from '../../lib/ui-text/creator';
import { MISSING_TEXT } from '../../lib/ui-text/missing';
import { PROFILE_TEXT } from '../../lib/ui-text/profile';
import { PUBLISH_TEXT } from '../../lib/ui-text/publish';
import { SHARE_TEXT } from '../../lib/ui-text/share';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useLowDeviceAtMount } from '../../lib/use-low-device';
import { appLanding } from '../../share/app-landing';
import { ShareButton } from '../../share/ShareButton';
import { ShareLanding } from '../../share/ShareLanding';
import { LogoutButton } from '../../shell/auth/LogoutButton';
import { useFollow } from '../../shell/community/use-follow';
import { usePublish } from '../../shell/community/use-publish';
import { useUnfollowConfirm } from '../../shell/community/use-unfollow-confirm';
import { EntryView } from '../../shell/EntryView';
import { CardList } from '../../shell/feed/CardList';
import layout from '../../shell/list-page.module.css';
import { NotFound } from '../../shell/NotFound';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import { Toast } from '../../shell/Toast';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/user-home';
import styles from './user-home.module.css';

const PAGE_SIZE = 20;
const AVATAR_WIDTH = 128;

/** A public `?hashId=` (spec §7's hashId), or null when there is none or it cannot be one. */
function hashIdOf(request: Request): string | null {
  const hashId = new URL(request.url).searchParams.get('hashId')?.trim() ?? '';
  return HASH_ID_PATTERN.test(hashId) ? hashId : null;
}

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
    if (hashId === null) throw notFound();
    const found = await prefetch(context, 'community.hashId', { hashId });
    if (!found.ok && found.reason === 'error' && isNotFoundError(found.error))
      throw notFound({ what: MISSING_TEXT.user, title: SOCIAL_TEXT.userHome });
    if (!found.ok) return { userId: null, hashId, profile: null, page: null };
    userId = found.data.userId;
  }
  const [profile, page] = await Promise.all([
    prefetch(context, 'community.uhomepageProfile', { userId }),
    prefetch(context, 'community.uhomepageContents', { userId, limit: PAGE_SIZE }),
  ]);
  // A missing user is an answer (not-found page); other failures leave the header to the browser.
  if (!profile.ok && profile.reason === 'error' && isNotFoundError(profile.error))
    throw notFound({ what: MISSING_TEXT.user, title: SOCIAL_TEXT.userHome });
  return { userId, hashId: null, profile: dataOf(profile), page: page.ok ? leanPage(page.data) : null };
}

const cardId = (card: FeedPage['list'][number]) => card.contentId;

/** Back to a user home answers from the cache: no request for its page 1 (decision record 005). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const userId = queryId(request, 'userId');
  if (userId !== null && isCached('community.uhomepageContents', { userId, limit: PAGE_SIZE }))
    return { userId, hashId: null, profile: null, page: null };
  return serverLoader();
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
  const { userId, hashId } = loaderData;
  if (userId !== null)
    return (
      <UserHomeScreen key={userId} userId={userId} profile={loaderData.profile} page={loaderData.page} />
    );
  return <HashIdHome key={hashId} hashId={hashId ?? ''} />;
}

/** The user home of a hashId the server did not resolve in time: the browser looks it up. */
function HashIdHome({ hashId }: { hashId: string }) {
  const [found, resolve] = useEntry('community.hashId', { hashId }, null, { errorToast: false });
  if (found.status === 'ready')
    return <UserHomeScreen userId={found.data.userId} profile={null} page={null} />;
  if (found.status === 'missing') return <NotFound missing="user" title={SOCIAL_TEXT.userHome} />;
  return (
    <Screen title={SOCIAL_TEXT.userHome} testId="user-home" mainClassName={layout.main}>
      <EntryView state={found} onRetry={resolve} skeleton={<Placeholder type="loading" />}>
        {() => null}
      </EntryView>
    </Screen>
  );
}

/** A pull reads the header and the contents again. */
const refreshHome = () => {
  invalidate('community.uhomepageProfile');
  invalidate('community.uhomepageContents');
};

function UserHomeScreen(props: { userId: number; profile: UserProfile | null; page: FeedPage | null }) {
  const { userId } = props;
  const [header, loadProfile] = useEntry('community.uhomepageProfile', { userId }, props.profile);
  const list = useInfinite('community.uhomepageContents', { userId, limit: PAGE_SIZE }, props.page, cardId);
  // The app logs out natively; the web offers it on the reader's own home.
  const inApp = useRootData()?.inApp ?? false;
  const isSelf = header.status === 'ready' && header.data.isSelf;
  // One's own empty home leads to a first post (the app's publisher; outside it, where to publish).
  const [toast, showToast] = useToast();
  const publish = usePublish(refreshHome, showToast);
  return (
    <Screen
      title={header.status === 'ready' ? header.data.userName : SOCIAL_TEXT.userHome}
      testId="user-home"
      mainClassName={layout.main}
      onRefresh={refreshHome}
      refreshing={list.state.loading === 'refresh'}
    >
      <EntryView state={header} onRetry={loadProfile} skeleton={<Placeholder type="loading" compact />}>
        {(profile) => (
          <>
            <ProfileHeader loaded={profile} />
            {profile.isSelf ? <TakenDownNotices profile={profile} /> : null}
            {profile.isSelf && !inApp ? <LogoutButton /> : null}
          </>
        )}
      </EntryView>
      <CardList
        list={list}
        extra={isSelf ? reviewStateOf : undefined}
        emptyText={isSelf ? SOCIAL_TEXT.selfEmpty : SOCIAL_TEXT.userEmpty}
        emptyAction={
          isSelf
            ? { label: SOCIAL_TEXT.firstPost, onClick: () => void publish(), testId: 'first-post' }
            : undefined
        }
      />
      <Toast message={toast} testId="user-home-toast" />
    </Screen>
  );
}

/** Under the author's own card: 审核中 until moderation approves it, or 未通过 with the reason (issue 32). */
function reviewStateOf(card: FeedPage['list'][number]) {
  if (!card.review) return null;
  const rejected = card.review.state === 'rejected';
  return (
    <p className={rejected ? styles.reviewRejected : styles.reviewPending} data-testid="review-state">
      {rejected ? PUBLISH_TEXT.reviewRejected(card.review.reason) : PUBLISH_TEXT.reviewPending}
    </p>
  );
}

/** The author's own notices: each content moderation took down, with the reason (the server sends them to the author only). */
function TakenDownNotices({ profile }: { profile: UserProfile }) {
  if (profile.takenDown.length === 0) return null;
  return (
    <section className={styles.notices} role="status" data-testid="taken-down-notices">
      <h3 className={styles.noticesTitle}>{SOCIAL_TEXT.takenDownTitle}</h3>
      <ul>
        {profile.takenDown.map((notice) => (
          <li key={notice.contentId}>{SOCIAL_TEXT.takenDown(notice.title, notice.reason)}</li>
        ))}
      </ul>
    </section>
  );
}

/** The header; follow goes through the one toggle queue and shows on every copy of the user. */
function ProfileHeader({ loaded }: { loaded: UserProfile }) {
  const lowDevice = useLowDeviceAtMount();
  const profile = useFollow(loaded.userId, loaded);
  const unfollow = useUnfollowConfirm(profile, profile.userName);
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
        <p className={layout.counts}>
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
        {profile.isSelf ? (
          // Issue 31 point 5: one's own gender, birth year and region, for the fans portraits.
          <Link to="/community/profile" className={styles.edit} data-testid="edit-profile">
            {PROFILE_TEXT.edit}
          </Link>
        ) : (
          // Issue 28 point 13: a user can be reported from their home (the report call's user target).
          <Link
            to={`/feedback/accuse?targetType=user&targetId=${profile.userId}`}
            className={styles.report}
            data-testid="report-user"
          >
            {SOCIAL_TEXT.reportUser}
          </Link>
        )}
      </div>
      <div className={styles.actions}>
        {profile.isSelf && profile.contentCount > 0 ? (
          // Issue 15 point 5: my own home, with at least one content, leads to the creator tools.
          <Link to="/creator/data-center" className={styles.creator} data-testid="creator-centre">
            {CREATOR_TEXT.creatorCentre}
          </Link>
        ) : null}
        {profile.isSelf ? null : (
          <button
            type="button"
            className={styles.follow}
            aria-pressed={profile.isFollowing}
            onClick={unfollow.tap}
            data-testid="follow-button"
          >
            {profile.isFollowing ? SOCIAL_TEXT.following : SOCIAL_TEXT.follow}
          </button>
        )}
        <ShareButton target={{ type: 'user', userId: profile.userId }} />
      </div>
      {unfollow.dialog}
    </section>
  );
}
