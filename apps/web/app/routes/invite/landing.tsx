import type { InvitePage } from '@h5/contract';
import { INVITE_CODE_EXPIRED, INVITE_CODE_NOT_FOUND, optimiseImageUrl } from '@h5/core';
import { isApiError } from '@h5/request/api-error-brand';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCTION_APP_ENV } from '../../lib/app-env';
import { useEntry } from '../../lib/data-layer/use-entry';
import { prefetch } from '../../lib/prefetch.server';
import { useRootData } from '../../lib/root-data';
import { INVITE_TEXT as text } from '../../lib/ui-text/invite';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useAction } from '../../lib/use-action';
import { useApi } from '../../lib/use-api';
import { contentShareMeta } from '../../share/share-meta.server';
import { ActionButton } from '../../shell/ActionButton';
import { EntryView, Skeleton } from '../../shell/EntryView';
import { OutcomeCard } from '../../shell/OutcomeCard';
import { Screen } from '../../shell/Screen';
import screen from '../../shell/screen.module.css';
import type { Route } from './+types/landing';
import { InviteSignUpForm } from './InviteSignUpForm';
import styles from './invite.module.css';

/** Where a new account goes first: the invitee's starter tasks. */
export const TASKS_PATH = '/invite/tasks';
/** The inviter's avatar is drawn 72 px wide: 160 device pixels covers a 2× screen. */
const AVATAR_WIDTH = 160;
/** The share card's size (apps/server/src/domains/invite/share-card.ts). */
const SHARE_CARD_SIZE = { width: 600, height: 600 };

/** An unknown or expired invitation, told by its code. */
interface DeadInvite {
  kind: 'unknown' | 'expired';
  message: string;
}

function deadOf(error: unknown): DeadInvite | null {
  if (!isApiError(error)) return null;
  if (error.code === INVITE_CODE_NOT_FOUND) return { kind: 'unknown', message: error.message };
  if (error.code === INVITE_CODE_EXPIRED) return { kind: 'expired', message: error.message };
  return null;
}

const codeOf = (search: URLSearchParams) => (search.get('code') ?? '').trim().slice(0, 32);

/**
 * The landing by code, for visitors (SSR, so a chat's preview reads its title and picture): the
 * invitation, or why it is dead; a prefetch past the limit is loaded in the browser.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const code = codeOf(new URL(request.url).searchParams);
  if (!code) return { code, page: null, dead: { kind: 'unknown', message: text.noCode } as DeadInvite };
  const result = await prefetch(context, 'invite.invitePage', { code });
  if (result.ok) {
    const { share } = result.data;
    const meta = contentShareMeta({
      info: {
        shareTitle: share.title,
        shareContent: share.desc,
        shareImage: share.image,
        shareUrl: share.url,
      },
      imageSize: SHARE_CARD_SIZE,
    });
    return { code, page: result.data, dead: null, meta };
  }
  return { code, page: null, dead: result.reason === 'error' ? deadOf(result.error) : null };
}

export const meta: Route.MetaFunction = ({ data }) =>
  (data && 'meta' in data ? data.meta : undefined) ?? [
    { title: `${text.landingTitle} · ${SHELL_TEXT.siteTitle}` },
  ];

/** The invitation landing (issue 18 point 2): the inviter, the reward, the rules, and joining. */
export default function LandingScreen({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const code = codeOf(search) || loaderData.code;
  const dead = loaderData.dead ?? (code ? null : UNKNOWN);
  return (
    <Screen title={text.landingTitle} backTestId="landing-back" testId="invite-landing">
      {dead ? <Dead dead={dead} /> : <LandingBody code={code} seed={loaderData.page} />}
    </Screen>
  );
}

const UNKNOWN: DeadInvite = { kind: 'unknown', message: text.noCode };

/** A live code's invitation: the loader's, or loaded in the browser; dead when the server says so. */
function LandingBody({ code, seed }: { code: string; seed: InvitePage | null }) {
  const [state, reload] = useEntry('invite.invitePage', { code }, seed, { errorToast: false });
  const dead = state.status === 'missing' ? UNKNOWN : state.status === 'failed' ? deadOf(state.error) : null;
  if (dead) return <Dead dead={dead} />;
  return (
    <EntryView state={state} onRetry={reload} skeleton={<Skeleton height={220} testId="landing-skeleton" />}>
      {(page) => <Landing page={page} />}
    </EntryView>
  );
}

function Dead({ dead }: { dead: DeadInvite }) {
  return (
    <OutcomeCard
      mark={
        <span className={styles.deadMark} aria-hidden="true">
          {dead.kind === 'expired' ? '⌛' : '?'}
        </span>
      }
      title={dead.kind === 'expired' ? text.expiredTitle : text.unknownTitle}
      body={dead.message}
      bodyTestId="invite-dead-message"
      action={{ label: text.toHome, to: '/' }}
      testId="invite-dead"
      data={{ 'data-kind': dead.kind }}
    />
  );
}

function Landing({ page }: { page: InvitePage }) {
  const root = useRootData();
  const api = useApi();
  const { inviter } = page;
  // Forwarded from WeChat's menu, the landing keeps its card (title, text, picture).
  useEffect(() => {
    import('./share-invite')
      .then((action) => action.configureWechatInviteShare(api, page.share))
      .catch((error: unknown) => console.error('wechat share', error));
  }, [api, page.share]);
  return (
    <>
      <section className={styles.landingHero} data-testid="landing-hero">
        <img
          className={styles.inviterAvatar}
          src={optimiseImageUrl(inviter.avatar, { width: AVATAR_WIDTH })}
          alt=""
          width={72}
          height={72}
        />
        <h2 className={styles.heroTitle} data-testid="landing-inviter">
          <span data-testid="user-name">{inviter.userName}</span>
          {text.invitesYou}
        </h2>
        <p className={screen.heroLead}>{text.joinedCount(page.joinedCount)}</p>
        {/* What the invitee gets first, then what the inviter earns (issue 28 point 13). */}
        <span className={styles.rewardBadge} data-testid="landing-invitee-reward">
          {text.inviteeReward(page.inviteeRewards.tasks.length + 1)}
        </span>
        <span className={styles.rewardNote} data-testid="landing-reward">
          {text.landingReward(page.reward.points)}
        </span>
      </section>
      <section className={styles.formCard}>
        <h2 className={screen.sectionTitle}>
          {page.viewer.state === 'visitor' ? text.formTitle : text.accept}
        </h2>
        {page.viewer.state === 'visitor' ? (
          <InviteSignUpForm
            code={page.code}
            showDevOutbox={root?.runtime.appEnv !== PRODUCTION_APP_ENV}
            // A full load: every loader (the root's viewer too) runs again with the new session.
            onSignedUp={() => window.location.assign(TASKS_PATH)}
          />
        ) : (
          <ViewerCard page={page} />
        )}
      </section>
      <section className={screen.card}>
        <h2 className={screen.sectionTitle}>{text.welcome}</h2>
        <ol className={styles.steps} data-testid="landing-steps">
          {page.inviteeRewards.tasks.map((task) => (
            <li key={task.title} className={styles.step}>
              {task.title}
              <span className={styles.stepReward}>{task.reward}</span>
            </li>
          ))}
        </ol>
        <p className={screen.note}>{text.graduation(page.inviteeRewards.graduation)}</p>
      </section>
      <section className={screen.card} data-testid="landing-rules">
        <h2 className={screen.sectionTitle}>{text.rulesTitle}</h2>
        <ol className={styles.rules}>
          {page.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** Where a viewer who cannot accept goes next: their own invitation page, or home. */
const ONWARD = {
  self: { to: '/invite', label: text.toMyInvite },
  not_new: { to: '/', label: text.toHome },
} as const;

/** A logged-in viewer: accept (a new user), or where to go (bound, oneself, an older user). */
function ViewerCard({ page }: { page: InvitePage }) {
  const [accepted, setAccepted] = useState(false);
  // The server binds once; the invalidated page then says `bound` too.
  const bind = useAction('invite.invitedBind', { invalidates: ['invite'], onDone: () => setAccepted(true) });
  const state = accepted ? 'bound' : page.viewer.state;
  if (state === 'bound' || state === 'self' || state === 'not_new') {
    const onward = state === 'bound' ? { to: TASKS_PATH, label: text.toTasks } : ONWARD[state];
    return (
      <div data-testid="landing-viewer" data-state={state}>
        <p className={styles.stateText}>{accepted ? text.accepted : text.viewer[state]}</p>
        <Link
          to={onward.to}
          className={styles.linkButton}
          data-testid={state === 'bound' ? 'landing-to-tasks' : undefined}
        >
          {onward.label}
        </Link>
      </div>
    );
  }
  return (
    <div data-testid="landing-viewer" data-state="can_bind">
      <p className={styles.stateText}>{text.viewer.can_bind}</p>
      <ActionButton
        action={bind}
        onClick={() => void bind.run({ code: page.code })}
        label={text.accept}
        busyLabel={text.accepting}
        className={styles.primary}
        testId="landing-accept"
        errorTestId="landing-accept-error"
      />
    </div>
  );
}
