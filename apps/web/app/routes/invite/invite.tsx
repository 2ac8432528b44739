import type { Invitee, InviteShare, StartInvite } from '@h5/contract';
import { optimiseImageUrl } from '@h5/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { useInfinite } from '../../lib/data-layer/use-infinite';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { useRootData } from '../../lib/root-data';
import { INVITE_TEXT as text } from '../../lib/ui-text/invite';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { useLowDevice } from '../../lib/use-low-device';
import { ProgressBar } from '../../shell/ActionRow';
import { EntryView, Skeleton } from '../../shell/EntryView';
import { PagedListView } from '../../shell/PagedListView';
import { Screen } from '../../shell/Screen';
import screen from '../../shell/screen.module.css';
import { TimeText } from '../../shell/TimeText';
import { Toast } from '../../shell/Toast';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/invite';
import styles from './invite.module.css';
import { Total } from './Total';

export const PROGRESS_PAGE_SIZE = 10;
const AVATAR_WIDTH = 96;

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/** Login only: a visitor goes to the login and comes back. The invitation and the first invitees, prefetched. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [progress, start] = await Promise.all([
    gatedPrefetch(request, context, 'invite.activityPage', { limit: PROGRESS_PAGE_SIZE }),
    prefetch(context, 'invite.startInvite', {}),
  ]);
  return { progress: progress.data, start: dataOf(start) };
}

const loadShare = () => import('./share-invite');
const inviteeId = (invitee: Invitee) => invitee.user.userId;

/** The inviter's page (issue 18 point 1): the invitation and its share, the totals, who joined. */
export default function InviteScreen({ loaderData }: Route.ComponentProps) {
  const [start, reloadStart] = useEntry('invite.startInvite', {}, loaderData.start, { errorToast: false });
  const list = useInfinite(
    'invite.activityPage',
    { limit: PROGRESS_PAGE_SIZE },
    loaderData.progress,
    inviteeId,
  );
  const totals = list.state.last?.totals;
  const sharing = useInviteShare(start.status === 'ready' ? start.data.share : null);
  return (
    <Screen
      title={text.title}
      backTestId="invite-back"
      testId="invite"
      onRefresh={() => invalidate('invite')}
      refreshing={list.state.loading === 'refresh'}
    >
      <EntryView
        state={start}
        onRetry={reloadStart}
        skeleton={<Skeleton height={220} testId="invite-hero-skeleton" />}
      >
        {(data) => <InviteHero start={data} sharing={sharing} />}
      </EntryView>
      {totals ? (
        <section className={styles.totals} aria-label={text.progressTitle} data-testid="invite-totals">
          <Total label={text.totals.signUps} value={text.people(totals.signUps)} testId="invite-signups" />
          <Total label={text.totals.rewardPoints} value={totals.rewardPoints} testId="invite-points" />
          <Total
            label={text.totals.finishedInvitees}
            value={text.people(totals.finishedInvitees)}
            testId="invite-finished"
          />
        </section>
      ) : null}
      <Link to="/invite/weekly" className={styles.entry} data-testid="invite-weekly-link">
        <span className={screen.rowText}>
          <span className={screen.rowName}>{text.weeklyEntry}</span>
          <span className={screen.note}>{text.weeklyEntryNote}</span>
        </span>
        <span className={styles.chevron} aria-hidden="true" />
      </Link>
      <h2 className={styles.listTitle}>{text.progressTitle}</h2>
      <PagedListView
        list={list}
        emptyText={text.progressEmpty}
        // No one yet: the way forward is to share the invitation, not to leave for the home page.
        emptyAction={
          start.status === 'ready'
            ? { label: text.goShare, onClick: () => void sharing.act('share'), testId: 'invite-empty-share' }
            : undefined
        }
        skeleton={<Skeleton height={96} />}
      >
        {(invitees) => (
          <ul className={screen.stack} data-testid="invite-progress">
            {invitees.map((invitee) => (
              <InviteeRow key={invitee.user.userId} invitee={invitee} />
            ))}
          </ul>
        )}
      </PagedListView>
    </Screen>
  );
}

/**
 * Sharing the invitation (the app's sheet, WeChat's menu, or the link copied), for the hero's two
 * buttons and the empty progress list's 去分享; the toast it says shows in the hero.
 */
function useInviteShare(share: InviteShare | null) {
  const api = useApi();
  const runtime = useRootData()?.runtime;
  const [toast, showToast] = useToast();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!share) return;
    loadShare()
      .then((action) => action.configureWechatInviteShare(api, share))
      .catch((error: unknown) => console.error('wechat share', error));
  }, [api, share]);

  const act = useCallback(
    async (how: 'share' | 'copy') => {
      if (!share) return;
      setBusy(true);
      const message = await loadShare().then(
        (action) =>
          how === 'share'
            ? action.shareInvite(share, runtime ?? {})
            : action.copyInviteLink(share, runtime ?? {}),
        () => text.shareUnavailable,
      );
      setBusy(false);
      if (message) showToast(message);
    },
    [share, runtime, showToast],
  );
  return { act, busy, toast };
}

type InviteSharing = ReturnType<typeof useInviteShare>;

/** The invitation: its code, and sharing it. */
function InviteHero({ start, sharing }: { start: StartInvite; sharing: InviteSharing }) {
  const { act, busy, toast } = sharing;
  return (
    <section className={styles.hero} data-testid="invite-hero">
      <h2 className={styles.heroTitle}>{text.heroTitle}</h2>
      <p className={screen.heroLead}>{start.reward.text}</p>
      <div className={styles.code}>
        <span className={styles.codeLabel}>{text.codeLabel}</span>
        <span className={styles.codeValue} data-testid="invite-code">
          {start.code}
        </span>
      </div>
      <p className={styles.codeNote}>
        <TimeText at={start.expiresAt} style="day" format={text.validUntil} />
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.shareButton}
          disabled={busy}
          onClick={() => void act('share')}
          data-testid="invite-share"
        >
          {busy ? text.sharing : text.share}
        </button>
        <button
          type="button"
          className={styles.copyButton}
          disabled={busy}
          onClick={() => void act('copy')}
          data-testid="invite-copy"
        >
          {text.copyLink}
        </button>
      </div>
      <Toast message={toast} testId="invite-toast" />
    </section>
  );
}

function InviteeRow({ invitee }: { invitee: Invitee }) {
  const lowDevice = useLowDevice();
  const done = invitee.tasks.filter((task) => task.done).length;
  return (
    <li className={styles.invitee} data-testid="invitee" data-user-id={invitee.user.userId}>
      <img
        className={styles.avatar}
        src={optimiseImageUrl(invitee.user.avatar, { width: AVATAR_WIDTH, lowDevice })}
        alt=""
        width={40}
        height={40}
      />
      <span className={screen.rowText}>
        <span className={screen.rowName}>{invitee.user.userName}</span>
        <span className={screen.note}>
          <TimeText at={invitee.joinedAt} format={text.joinedOn} /> · {text.via[invitee.via]}
        </span>
      </span>
      <span className={styles.reward} data-testid="invitee-reward">
        {text.reward(invitee.rewardPoints)}
      </span>
      <ul className={styles.tasks} aria-label={text.tasksDone(done, invitee.tasks.length)}>
        {invitee.tasks.map((task) => (
          <li
            key={task.key}
            className={styles.task}
            data-done={task.done}
            data-testid={`invitee-task-${task.key}`}
          >
            <span className={styles.taskTitle}>{task.title}</span>
            <ProgressBar value={task.progress} target={task.target} />
            <span className={styles.taskState}>
              {task.done ? text.taskDone : text.taskProgress(task.progress, task.target)}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}
