import type { ActivityWindow } from '@h5/contract';
import { ACTIVITY_NOT_FOUND } from '@h5/core';
import { isApiError } from '@h5/request/api-error-brand';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type EntryState, useEntry } from '../../lib/data-layer/use-entry';
import { ACTIVITY_TEXT as text } from '../../lib/ui-text/activity';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { PullIndicator } from '../../shell/PullIndicator';
import { usePullToRefresh } from '../../shell/use-pull-to-refresh';
import styles from './activity.module.css';

export type HeroTheme = 'rose' | 'night' | 'teal';

/**
 * An activity page: the hero with the window, then `children` while the activity runs, or the
 * spec's closed text (its code, 202010008 before the window and 202010009 after it, only as an
 * attribute: users read sentences, issue 26 point 8).
 */
export function ActivityShell({
  code,
  seed,
  lead,
  rules,
  theme = 'rose',
  children,
}: {
  code: string;
  seed: ActivityWindow | null;
  lead: string;
  rules: readonly string[];
  theme?: HeroTheme;
  children?: (window: ActivityWindow) => ReactNode;
}) {
  const [seeded, setSeeded] = useState(true);
  const [state, reload] = useEntry('activity.activityWindow', { code }, seeded ? seed : null);
  const pull = usePullToRefresh(() => {
    setSeeded(false);
    reload();
  }, state.status !== 'loading');
  const title = state.status === 'ready' ? state.data.title : '';
  return (
    <div className={styles.screen} data-testid="activity-page" data-code={code}>
      <PageHeader title={title} fallback="/" backTestId="activity-back" />
      <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={false} />
      <main className={styles.main}>
        {state.status === 'ready' ? (
          <>
            <section className={styles.hero} data-theme={theme}>
              <h2 className={styles.heroTitle}>{state.data.title}</h2>
              <p className={styles.heroLead}>{lead}</p>
              <p className={styles.heroWindow}>{text.window(state.data.startsAt, state.data.endsAt)}</p>
              <span className={styles.badge} data-testid="activity-state" data-state={state.data.state}>
                {text.states[state.data.state]}
              </span>
            </section>
            {state.data.state === 'running' ? (
              children?.(state.data)
            ) : (
              <Closed window={state.data} state={state.data.state} />
            )}
            <section className={styles.card}>
              <div className={styles.sectionHead}>
                <h2 className={styles.sectionTitle}>{text.rulesTitle}</h2>
                {/* The activity's step-by-step guide (issue 18 point 3), as operations wrote it. */}
                <Link
                  className={styles.guideLink}
                  to={`/activity/guide?activityId=${encodeURIComponent(code)}`}
                  data-testid="activity-guide-link"
                >
                  {text.guideLink}
                </Link>
              </div>
              <ol className={styles.rules}>
                {rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ol>
            </section>
          </>
        ) : state.status === 'loading' ? (
          <div className={styles.skeleton} data-testid="activity-skeleton" />
        ) : isUnavailable(state) ? (
          <Placeholder type="empty" text={text.unavailable} home />
        ) : (
          <Placeholder type="networkError" onRetry={reload} />
        )}
      </main>
    </div>
  );
}

/** No such activity (the server's 4501, or a 404): said as such, not as a network failure. */
const isUnavailable = (state: EntryState<ActivityWindow>): boolean =>
  state.status === 'missing' ||
  (state.status === 'failed' && isApiError(state.error) && state.error.code === ACTIVITY_NOT_FOUND);

/** The spec's closed text and when it opens or closed; its code is an attribute, for tests and logs. */
function Closed({ window, state }: { window: ActivityWindow; state: 'upcoming' | 'ended' }) {
  const closed = text.closed[state];
  return (
    <section className={styles.closed} data-testid="activity-closed" data-code={closed.code}>
      <p className={styles.closedText}>{closed.text}</p>
      <p className={styles.note}>
        {state === 'upcoming'
          ? text.closedNote.upcoming(window.startsAt)
          : text.closedNote.ended(window.endsAt)}
      </p>
    </section>
  );
}
