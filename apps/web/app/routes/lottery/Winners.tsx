import type { LotteryInfo, LotteryWinner } from '@h5/contract';
import { useState } from 'react';
import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { useAction } from '../../lib/use-action';
import styles from '../../shell/lottery/lottery.module.css';
import { SectionCard } from '../../shell/SectionCard';
import shell from '../../shell/screen.module.css';

/** The waybill's inputs with their test ids: a 400 naming one shows its reason. */
const WAYBILL_INPUTS = { courier: 'waybill-courier', trackingNo: 'waybill-number' } as const;
const WAYBILL_FIELDS = Object.keys(WAYBILL_INPUTS) as (keyof typeof WAYBILL_INPUTS)[];

/** The host's view: every winner, their address, and a waybill form once the address is in. */
export function Winners({ info, onUpdate }: { info: LotteryInfo; onUpdate: (info: LotteryInfo) => void }) {
  const winners = info.winners ?? [];
  return (
    <SectionCard title={text.winnersTitle(winners.length)} testId="lottery-winners">
      {winners.length === 0 ? (
        <p className={shell.note}>{info.drawn ? text.noWinners : text.winnersPending}</p>
      ) : null}
      <ul className={shell.rows}>
        {winners.map((w) => (
          <WinnerRow key={w.user.userId} lotteryId={info.lotteryId} winner={w} onUpdate={onUpdate} />
        ))}
      </ul>
    </SectionCard>
  );
}

function WinnerRow({
  lotteryId,
  winner,
  onUpdate,
}: {
  lotteryId: number;
  winner: LotteryWinner;
  onUpdate: (info: LotteryInfo) => void;
}) {
  const [bill, setBill] = useState({
    courier: winner.shipping.courier ?? '',
    trackingNo: winner.shipping.trackingNo ?? '',
  });
  const waybill = useAction('lottery.waybillSubmit', { fields: WAYBILL_FIELDS, onDone: onUpdate });
  const error = Object.values(waybill.fieldErrors)[0] ?? waybill.error;
  const { address, shipping, user } = winner;
  return (
    <li className={shell.stackedRow} data-testid="lottery-winner" data-user-id={user.userId}>
      <div className={shell.rowHead}>
        <img className={styles.avatar} src={user.avatar} alt="" width={32} height={32} />
        <span className={styles.rowName}>{user.userName}</span>
        <span className={styles.badge} data-state={shipping.state}>
          {text.shipping[shipping.state]}
        </span>
      </div>
      {address ? (
        <p className={styles.address}>
          {address.name} {address.mobile}
          <br />
          {address.region} {address.street}
        </p>
      ) : null}
      {address ? (
        <form
          className={styles.waybill}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void waybill.run({ lotteryId, winnerUserId: user.userId, ...bill });
          }}
        >
          {WAYBILL_FIELDS.map((field) => (
            <input
              key={field}
              className={shell.input}
              aria-label={text[field]}
              placeholder={text[field]}
              value={bill[field]}
              onChange={(e) => setBill({ ...bill, [field]: e.currentTarget.value })}
              data-testid={WAYBILL_INPUTS[field]}
            />
          ))}
          <button
            type="submit"
            className={styles.primary}
            disabled={waybill.busy}
            data-testid="waybill-submit"
          >
            {text.sendWaybill}
          </button>
          {error ? (
            <span className={shell.error} role="alert">
              {error}
            </span>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}
