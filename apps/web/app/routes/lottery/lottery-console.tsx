import type { LotteryEntryRule, LotteryInfo } from '@h5/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useAction } from '../../lib/use-action';
import { Field, TextField } from '../../shell/Field';
import styles from '../../shell/lottery/lottery.module.css';
import { Screen } from '../../shell/Screen';
import shell from '../../shell/screen.module.css';
import type { Route } from './+types/lottery-console';

export const meta: Route.MetaFunction = () => [{ title: `${text.consoleTitle} · ${SHELL_TEXT.siteTitle}` }];

const FIELDS = Object.entries(text.consoleFields) as [keyof typeof text.consoleFields, string][];
const FIELD_NAMES = FIELDS.map(([field]) => field);

/**
 * Internal (not in `pro`, like /internal/upload): a host starts a lottery in a stream and draws
 * it, through the same domain functions as the draw at its time.
 */
export default function LotteryConsole() {
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
  const create = useAction('lottery.createLottery', { fields: FIELD_NAMES, onDone: setCreated });
  const draw = useAction('lottery.drawLottery', { onDone: setCreated });
  return (
    <Screen title={text.consoleTitle} testId="lottery-console">
      <form
        className={shell.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void create.run({
            streamId: Number(values.streamId),
            hostUserId: Number(values.hostUserId),
            prize: values.prize,
            quantity: Number(values.quantity),
            entryRule,
            drawInSeconds: Number(values.drawInSeconds),
          });
        }}
      >
        <div className={styles.form}>
          {FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              error={create.fieldErrors[field]}
              name={field}
              value={values[field]}
              onChange={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
            />
          ))}
          <Field label={text.entryRuleLabel}>
            <select
              className={styles.select}
              name="entryRule"
              value={entryRule}
              onChange={(e) => setEntryRule(e.currentTarget.value as LotteryEntryRule)}
            >
              <option value="none">{text.rules.none}</option>
              <option value="follow">{text.rules.follow}</option>
            </select>
          </Field>
          {create.error ? (
            <p className={shell.error} role="alert">
              {create.error}
            </p>
          ) : null}
          <button
            type="submit"
            className={styles.primary}
            disabled={create.busy || draw.busy}
            data-testid="lottery-console-create"
          >
            {text.start}
          </button>
        </div>
      </form>
      {created ? (
        <section
          className={shell.card}
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
              disabled={create.busy || draw.busy}
              onClick={() => void draw.run({ lotteryId: created.lotteryId })}
              data-testid="lottery-console-draw"
            >
              {text.drawNow}
            </button>
          </div>
          {draw.error ? (
            <p className={shell.error} role="alert">
              {draw.error}
            </p>
          ) : null}
        </section>
      ) : null}
    </Screen>
  );
}
