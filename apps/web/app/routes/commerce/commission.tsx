import type { CommissionState } from '@h5/contract';
import { useState } from 'react';
import { put } from '../../lib/data-layer/cache';
import { keyOf } from '../../lib/data-layer/entry';
import { type EntryState, useEntry } from '../../lib/data-layer/use-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { COMMISSION_TEXT as text } from '../../lib/ui-text/commerce';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { useFormCall } from '../../lib/use-form-call';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { PullIndicator } from '../../shell/PullIndicator';
import styles from '../../shell/screen.module.css';
import { usePullToRefresh } from '../../shell/use-pull-to-refresh';
import type { Route } from './+types/commission';
import own from './commission.module.css';

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/** Login only: a visitor goes to the login and comes back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await gatedPrefetch(request, context, 'commerce.commissionCheck', {});
  return { state: state.data };
}

const KEY = keyOf('commerce.commissionCheck', {});

/** The product commission programme (issue 17 point 2): the rules as met now, and joining once. */
export default function Commission({ loaderData }: Route.ComponentProps) {
  const [seeded, setSeeded] = useState(true);
  const [state, reload] = useEntry('commerce.commissionCheck', {}, seeded ? loaderData.state : null);
  const again = () => {
    setSeeded(false);
    reload();
  };
  const pull = usePullToRefresh(again, state.status !== 'loading');
  return (
    <div className={styles.screen} data-testid="commission">
      <PageHeader title={text.title} fallback="/creator/upgrade" />
      <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={false} />
      <main className={styles.main}>
        {state.status === 'ready' ? (
          <Body state={state.data} />
        ) : state.status === 'loading' ? (
          <div className={styles.skeleton} aria-hidden="true" />
        ) : (
          <Placeholder type="networkError" onRetry={again} />
        )}
      </main>
    </div>
  );
}

function Body({ state }: { state: CommissionState }) {
  const api = useApi();
  // The answer is the membership as it is now: put in the cache, it speaks over the loader's seed.
  const join = useFormCall<CommissionState>((next) => {
    put<EntryState<CommissionState>>(KEY, { status: 'ready', data: next });
  });
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroLevel}>{text.title}</div>
        <p className={styles.heroNote}>{text.intro}</p>
      </section>
      <section className={styles.card}>
        <ul className={own.rules}>
          {state.rules.map((rule) => (
            <li
              key={rule.key}
              className={own.rule}
              data-testid={`commission-rule-${rule.key}`}
              data-met={rule.met}
            >
              <span className={own.mark} aria-hidden="true">
                {rule.met ? '✓' : '×'}
              </span>
              <span className={own.ruleText}>
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
          {text.joined(new Date(state.joinedAt).toLocaleDateString('zh-CN'))}
        </p>
      ) : (
        <>
          <button
            type="button"
            className={own.join}
            disabled={join.busy}
            onClick={() => void join.run(() => api('commerce.commissionJoin', {}, { errorToast: false }))}
            data-testid="commission-join"
          >
            {join.busy ? text.joining : text.join}
          </button>
          {join.error ? (
            <p className={own.error} role="alert" data-testid="commission-error">
              {join.error.message}
            </p>
          ) : state.eligible ? null : (
            <p className={styles.note}>{text.notEligible}</p>
          )}
        </>
      )}
    </>
  );
}
