import type { CommissionState } from '@h5/contract';
import { putEntry } from '../../lib/data-layer/put-entry';
import { useEntry } from '../../lib/data-layer/use-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { COMMISSION_TEXT as text } from '../../lib/ui-text/commerce';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useAction } from '../../lib/use-action';
import { EntryScreen } from '../../shell/EntryScreen';
import styles from '../../shell/screen.module.css';
import { TimeText } from '../../shell/TimeText';
import type { Route } from './+types/commission';
import own from './commission.module.css';

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/** Login only: a visitor goes to the login and comes back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await gatedPrefetch(request, context, 'commerce.commissionCheck', {});
  return { state: state.data };
}

/** The product commission programme (issue 17 point 2): the rules as met now, and joining once. */
export default function Commission({ loaderData }: Route.ComponentProps) {
  const entry = useEntry('commerce.commissionCheck', {}, loaderData.state);
  return (
    <EntryScreen
      title={text.title}
      fallback="/creator/upgrade"
      testId="commission"
      entry={entry}
      refresh="commerce"
    >
      {(data) => <Body state={data} />}
    </EntryScreen>
  );
}

function Body({ state }: { state: CommissionState }) {
  // The answer is the membership as it is now: every reader of the entry shows it.
  const join = useAction('commerce.commissionJoin', {
    onDone: (next) => putEntry('commerce.commissionCheck', {}, next),
  });
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroLevel}>{text.title}</div>
        <p className={styles.heroNote}>{text.intro}</p>
      </section>
      <section className={styles.card}>
        <ul className={styles.rows}>
          {state.rules.map((rule) => (
            <li
              key={rule.key}
              className={styles.row}
              data-testid={`commission-rule-${rule.key}`}
              data-met={rule.met}
            >
              <span className={own.mark} aria-hidden="true">
                {rule.met ? '✓' : '×'}
              </span>
              <span className={styles.rowText}>
                <span>{rule.title}</span>
                <span className={styles.note}>
                  {rule.met ? text.met : text.unmet} · {text.current(rule.current)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {state.joined && state.joinedAt ? (
        <p className={own.joined} role="status" data-testid="commission-joined">
          <TimeText at={state.joinedAt} format={text.joined} />
        </p>
      ) : (
        <>
          <button
            type="button"
            className={styles.primary}
            disabled={join.busy}
            onClick={() => void join.run({})}
            data-testid="commission-join"
          >
            {join.busy ? text.joining : text.join}
          </button>
          {join.error ? (
            <p className={styles.error} role="alert" data-testid="commission-error">
              {join.error}
            </p>
          ) : state.eligible ? null : (
            <p className={styles.note}>{text.notEligible}</p>
          )}
        </>
      )}
    </>
  );
}
