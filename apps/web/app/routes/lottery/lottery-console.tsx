import type { LotteryEntryRule, LotteryInfo } from '@h5/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { useFormCall } from '../../lib/use-form-call';
import styles from '../../shell/lottery/lottery.module.css';
import { PageHeader } from '../../shell/PageHeader';
import type { Route } from './+types/lottery-console';

export const meta: Route.MetaFunction = () => [{ title: `${text.consoleTitle} · ${SHELL_TEXT.siteTitle}` }];

const FIELDS = Object.entries(text.consoleFields) as [keyof typeof text.consoleFields, string][];
const FIELD_NAMES = FIELDS.map(([field]) => field);

/**
 * Internal (not in `pro`, like /internal/upload): a host starts a lottery in a stream and draws
 * it, through the same domain functions as the draw at its time.
 */
export default function LotteryConsole() {
  const api = useApi();
  // The live-room console links here with the stream and its host.
  const [query] = useSearchParams();
  const [values, setValues] = useState<Record<(typeof FIELDS)[number][0], string>>({
    streamId: query.get('streamId') ?? '1',
    hostUserId: query.get('hostUserId') ?? '1',
    prize: '签名球鞋一双',
    quantity: '1',
    drawInSeconds: '60',
  });
  const [entryRule, setEntryRule] = useState<LotteryEntryRule>('none');
  const [created, setCreated] = useState<LotteryInfo | null>(null);
  const form = useFormCall<LotteryInfo>(setCreated, FIELD_NAMES);
  return (
    <div className={styles.screen} data-testid="lottery-console">
      <PageHeader title={text.consoleTitle} fallback="/" />
      <main className={styles.main}>
        <form
          className={styles.card}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.run(() =>
              api(
                'lottery.createLottery',
                {
                  streamId: Number(values.streamId),
                  hostUserId: Number(values.hostUserId),
                  prize: values.prize,
                  quantity: Number(values.quantity),
                  entryRule,
                  drawInSeconds: Number(values.drawInSeconds),
                },
                { errorToast: false },
              ),
            );
          }}
        >
          <div className={styles.form}>
            {FIELDS.map(([field, label]) => (
              <label key={field} className={styles.field}>
                <span className={styles.label}>{label}</span>
                <input
                  className={styles.input}
                  name={field}
                  value={values[field]}
                  onChange={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
                  aria-invalid={form.error?.field === field}
                />
                {form.error?.field === field ? (
                  <span className={styles.error} role="alert">
                    {form.error.message}
                  </span>
                ) : null}
              </label>
            ))}
            <label className={styles.field}>
              <span className={styles.label}>{text.entryRuleLabel}</span>
              <select
                className={styles.select}
                name="entryRule"
                value={entryRule}
                onChange={(e) => setEntryRule(e.currentTarget.value as LotteryEntryRule)}
              >
                <option value="none">{text.rules.none}</option>
                <option value="follow">{text.rules.follow}</option>
              </select>
            </label>
            {form.error?.field === '' ? (
              <p className={styles.error} role="alert">
                {form.error.message}
              </p>
            ) : null}
            <button
              type="submit"
              className={styles.primary}
              disabled={form.busy}
              data-testid="lottery-console-create"
            >
              {text.start}
            </button>
          </div>
        </form>
        {created ? (
          <section
            className={styles.card}
            data-testid="lottery-console-created"
            data-lottery-id={created.lotteryId}
          >
            <p className={styles.address}>
              #{created.lotteryId} {created.prize} ·{' '}
              {created.drawn ? text.drawn : text.entrants(created.entrantCount)}
            </p>
            <div className={styles.buttons}>
              <Link className={styles.secondary} to={`/live/lottery?lotteryId=${created.lotteryId}`}>
                {text.openPage}
              </Link>
              <button
                type="button"
                className={styles.primary}
                onClick={() =>
                  void form.run(() => api('lottery.drawLottery', { lotteryId: created.lotteryId }))
                }
                data-testid="lottery-console-draw"
              >
                {text.drawNow}
              </button>
            </div>
          </section>
        ) : null}
      </main>
    </div>
  );
}
