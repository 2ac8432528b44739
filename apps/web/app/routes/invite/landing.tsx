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
import { useApi } from '../../lib/use-api';
import { useFormCall } from '../../lib/use-form-call';
import { contentShareMeta } from '../../share/share-meta.server';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
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
  const [seeded, setSeeded] = useState(true);
  const skip = !code || loaderData.dead !== null;
  const [state, reload] = useEntry(
    'invite.invitePage',
    { code: code || '-' },
    seeded && loaderData.page ? loaderData.page : null,
    { errorToast: false },
  );
  const dead = loaderData.dead ?? (state.status === 'failed' ? deadOf(state.error) : null);
  const again = () => {
    setSeeded(false);
    reload();
  };

  let body: React.ReactNode;
  if (dead) body = <Dead dead={dead} />;
  else if (skip || state.status === 'missing')
    body = <Dead dead={{ kind: 'unknown', message: text.noCode }} />;
  else if (state.status === 'ready') body = <Landing page={state.data} onChanged={again} />;
  else if (state.status === 'loading')
    body = <div className={styles.heroSkeleton} aria-hidden="true" data-testid="landing-skeleton" />;
  else body = <Placeholder type="networkError" onRetry={again} />;

  return (
    <div className={styles.screen} data-testid="invite-landing">
      <PageHeader title={text.landingTitle} fallback="/" backTestId="landing-back" />
      <main className={styles.main}>{body}</main>
    </div>
  );
}

function Dead({ dead }: { dead: DeadInvite }) {
  return (
    <section className={styles.dead} data-testid="invite-dead" data-kind={dead.kind}>
      <span className={styles.deadIcon} aria-hidden="true">
        {dead.kind === 'expired' ? '⌛' : '?'}
      </span>
      <h2 className={styles.deadTitle}>{dead.kind === 'expired' ? text.expiredTitle : text.unknownTitle}</h2>
      <p className={styles.deadText} data-testid="invite-dead-message">
        {dead.message}
      </p>
      <Link to="/" className={styles.deadLink}>
        {text.toHome}
      </Link>
    </section>
  );
}

function Landing({ page, onChanged }: { page: InvitePage; onChanged: () => void }) {
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
        <p className={styles.heroNote}>{text.joinedCount(page.joinedCount)}</p>
        <span className={styles.rewardBadge} data-testid="landing-reward">
          {text.landingReward(page.reward.points)}
        </span>
      </section>
      <section className={styles.formCard}>
        <h2 className={styles.cardTitle}>{page.viewer.state === 'visitor' ? text.formTitle : text.accept}</h2>
        {page.viewer.state === 'visitor' ? (
          <InviteSignUpForm
            code={page.code}
            showDevOutbox={root?.runtime.appEnv !== PRODUCTION_APP_ENV}
            // A full load: every loader (the root's viewer too) runs again with the new session.
            onSignedUp={() => window.location.assign(TASKS_PATH)}
          />
        ) : (
          <ViewerCard page={page} onChanged={onChanged} />
        )}
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{text.welcome}</h2>
        <ol className={styles.steps}>
          {text.welcomeSteps.map((step) => (
            <li key={step} className={styles.step}>
              {step}
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.card} data-testid="landing-rules">
        <h2 className={styles.cardTitle}>{text.rulesTitle}</h2>
        <ol className={styles.rules}>
          {page.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** A logged-in viewer: accept (a new user), or where to go (bound, oneself, an older user). */
function ViewerCard({ page, onChanged }: { page: InvitePage; onChanged: () => void }) {
  const api = useApi();
  const [accepted, setAccepted] = useState(false);
  const bind = useFormCall(() => {
    setAccepted(true);
    onChanged();
  });
  const state = page.viewer.state;
  if (accepted || state === 'bound') {
    return (
      <div data-testid="landing-viewer" data-state="bound">
        <p className={styles.stateText}>{accepted ? text.accepted : text.viewer.bound}</p>
        <Link to={TASKS_PATH} className={styles.linkButton} data-testid="landing-to-tasks">
          {text.toTasks}
        </Link>
      </div>
    );
  }
  if (state === 'self') {
    return (
      <div data-testid="landing-viewer" data-state="self">
        <p className={styles.stateText}>{text.viewer.self}</p>
        <Link to="/invite" className={styles.linkButton}>
          {text.toMyInvite}
        </Link>
      </div>
    );
  }
  if (state === 'not_new') {
    return (
      <div data-testid="landing-viewer" data-state="not_new">
        <p className={styles.stateText}>{text.viewer.not_new}</p>
        <Link to="/" className={styles.linkButton}>
          {text.toHome}
        </Link>
      </div>
    );
  }
  return (
    <div data-testid="landing-viewer" data-state="can_bind">
      <p className={styles.stateText}>{text.viewer.can_bind}</p>
      <button
        type="button"
        className={styles.primary}
        disabled={bind.busy}
        onClick={() =>
          void bind.run(() => api('invite.invitedBind', { code: page.code }, { errorToast: false }))
        }
        data-testid="landing-accept"
      >
        {bind.busy ? text.accepting : text.accept}
      </button>
      {bind.error ? (
        <p className={styles.inlineError} role="alert" data-testid="landing-accept-error">
          {bind.error.message}
        </p>
      ) : null}
    </div>
  );
}
