import type { LotteryInfo, LotteryWinner } from '@h5/contract';
import { useState } from 'react';
import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { useApi } from '../../lib/use-api';
import { useFormCall } from '../../lib/use-form-call';
import styles from '../../shell/lottery/lottery.module.css';

/** The waybill's inputs: a 400 naming one shows its reason. */
const WAYBILL_FIELDS = ['courier', 'trackingNo'];

/** The host's view: every winner, their address, and a waybill form once the address is in. */
export function Winners({ info, onUpdate }: { info: LotteryInfo; onUpdate: (info: LotteryInfo) => void }) {
  const winners = info.winners ?? [];
  return (
    <section className={styles.card} data-testid="lottery-winners">
      <h2 className={styles.sectionTitle}>{text.winnersTitle(winners.length)}</h2>
      {winners.length === 0 ? (
        <p className={styles.note}>{info.drawn ? text.noWinners : text.winnersPending}</p>
      ) : null}
      <ul className={styles.rows}>
        {winners.map((w) => (
          <WinnerRow key={w.user.userId} lotteryId={info.lotteryId} winner={w} onUpdate={onUpdate} />
        ))}
      </ul>
    </section>
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
  const api = useApi();
  const [courier, setCourier] = useState(winner.shipping.courier ?? '');
  const [trackingNo, setTrackingNo] = useState(winner.shipping.trackingNo ?? '');
  const form = useFormCall<LotteryInfo>(onUpdate, WAYBILL_FIELDS);
  const { address, shipping, user } = winner;
  return (
    <li className={styles.row} data-testid="lottery-winner" data-user-id={user.userId}>
      <div className={styles.rowHead}>
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
            void form.run(() =>
              api(
                'lottery.waybillSubmit',
                { lotteryId, winnerUserId: user.userId, courier, trackingNo },
                { errorToast: false },
              ),
            );
          }}
        >
          <input
            className={styles.input}
            aria-label={text.courier}
            placeholder={text.courier}
            value={courier}
            onChange={(e) => setCourier(e.currentTarget.value)}
            data-testid="waybill-courier"
          />
          <input
            className={styles.input}
            aria-label={text.trackingNo}
            placeholder={text.trackingNo}
            value={trackingNo}
            onChange={(e) => setTrackingNo(e.currentTarget.value)}
            data-testid="waybill-number"
          />
          <button type="submit" className={styles.primary} disabled={form.busy} data-testid="waybill-submit">
            {text.sendWaybill}
          </button>
          {form.error ? (
            <span className={styles.error} role="alert">
              {form.error.message}
            </span>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}
