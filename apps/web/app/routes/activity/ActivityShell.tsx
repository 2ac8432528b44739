import type { ActivityWindow } from '@h5/contract';
import { ACTIVITY_NOT_FOUND } from '@h5/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { failureCode } from '../../lib/failure';
import { formatTime } from '../../lib/format-time';
import { ACTIVITY_TEXT as text } from '../../lib/ui-text/activity';
import { useNow } from '../../lib/use-now';
import { EntryView, Skeleton } from '../../shell/EntryView';
import { Screen } from '../../shell/Screen';
import { SectionCard } from '../../shell/SectionCard';
import screen from '../../shell/screen.module.css';
import styles from './activity.module.css';

export type HeroTheme = 'rose' | 'night' | 'teal';

/** No such activity (the server's 4501; a 404 is `missing`): said as such, not as a network failure. */
const unavailable = (failure: unknown) =>
  failureCode(failure) === ACTIVITY_NOT_FOUND ? text.unavailable : null;

/** A pull reads the window and what the page shows of the activity again. */
const refresh = () => invalidate('activity');

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
  const [state, reload] = useEntry('activity.activityWindow', { code }, seed);
  const now = useNow();
  return (
    <Screen
      title={state.status === 'ready' ? state.data.title : ''}
      backTestId="activity-back"
      testId="activity-page"
      data={{ 'data-code': code }}
      onRefresh={refresh}
      refreshing={state.status === 'loading'}
    >
      <EntryView
        state={state}
        onRetry={reload}
        skeleton={<Skeleton height={136} testId="activity-skeleton" />}
        missing={text.unavailable}
        refusal={unavailable}
      >
        {(window) => (
          <>
            <section className={styles.hero} data-theme={theme}>
              <h2 className={screen.heroLevel}>{window.title}</h2>
              <p className={screen.heroLead}>{lead}</p>
              <p className={styles.heroWindow}>
                {text.window(
                  formatTime(window.startsAt, now, 'minute'),
                  formatTime(window.endsAt, now, 'minute'),
                )}
              </p>
              <span className={styles.state} data-testid="activity-state" data-state={window.state}>
                {text.states[window.state]}
              </span>
            </section>
            {window.state === 'running' ? (
              children?.(window)
            ) : (
              <Closed window={window} state={window.state} />
            )}
            <SectionCard
              title={text.rulesTitle}
              note={
                // The activity's step-by-step guide (issue 18 point 3), as operations wrote it.
                <Link
                  className={styles.guideLink}
                  to={`/activity/guide?activityId=${encodeURIComponent(code)}`}
                  data-testid="activity-guide-link"
                >
                  {text.guideLink}
                </Link>
              }
            >
              <ol className={styles.rules}>
                {rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ol>
            </SectionCard>
          </>
        )}
      </EntryView>
    </Screen>
  );
}

/** The spec's closed text and when it opens or closed; its code is an attribute, for tests and logs. */
function Closed({ window, state }: { window: ActivityWindow; state: 'upcoming' | 'ended' }) {
  const closed = text.closed[state];
  const now = useNow();
  return (
    <section className={styles.closed} data-testid="activity-closed" data-code={closed.code}>
      <p className={styles.closedText}>{closed.text}</p>
      <p className={screen.note}>
        {state === 'upcoming'
          ? text.closedNote.upcoming(formatTime(window.startsAt, now, 'minute'))
          : text.closedNote.ended(formatTime(window.endsAt, now, 'minute'))}
      </p>
    </section>
  );
}
