import type { LotteryWinner } from '@h5/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { OutputOf } from '../../lib/data-layer/entry';
import { useEntry } from '../../lib/data-layer/use-entry';
import { LOTTERY_OPS_TEXT as text } from '../../lib/ui-text/backstage-ops';
import { useAction } from '../../lib/use-action';
import { BackstageEntry } from './ui/BackstageEntry';
import styles from './ui/backstage.module.css';
import { type Column, DataTable } from './ui/DataTable';
import { FormError } from './ui/FormError';
import { PagedTable } from './ui/PagedTable';
import { RolePage } from './ui/RolePage';
import { usePages } from './ui/use-pages';

type Entrant = OutputOf<'lottery.lotteryEntrants'>['list'][number];

const localTime = (at: string) => new Date(at).toLocaleString('zh-CN');

/** A winner's waybill form: ships the prize once the winner gave an address (again: corrects it). */
function ShipForm({ lotteryId, winner }: { lotteryId: number; winner: LotteryWinner }) {
  const [courier, setCourier] = useState(winner.shipping.courier ?? '');
  const [trackingNo, setTrackingNo] = useState(winner.shipping.trackingNo ?? '');
  const ship = useAction('lottery.shipLotteryPrize', {
    fields: ['courier', 'trackingNo'],
    invalidates: ['lottery.lotteryDetail', 'lottery.lotteries'],
  });
  if (winner.shipping.state === 'awaiting_address')
    return <span className={styles.note}>{text.noAddress}</span>;
  const id = `ship-${winner.user.userId}`;
  return (
    <form
      className={styles.actions}
      aria-label={`${text.winnerColumns.waybill} ${winner.user.userName}`}
      data-testid="lottery-ship"
      onSubmit={(event) => {
        event.preventDefault();
        void ship.run({ lotteryId, winnerUserId: winner.user.userId, courier, trackingNo });
      }}
    >
      <label className={styles.field} htmlFor={`${id}-courier`}>
        {text.courier}
        <input
          id={`${id}-courier`}
          className={styles.input}
          name="courier"
          required
          maxLength={20}
          value={courier}
          onChange={(event) => {
            setCourier(event.currentTarget.value);
            ship.reset();
          }}
        />
      </label>
      <label className={styles.field} htmlFor={`${id}-trackingNo`}>
        {text.trackingNo}
        <input
          id={`${id}-trackingNo`}
          className={styles.input}
          name="trackingNo"
          required
          maxLength={30}
          value={trackingNo}
          onChange={(event) => {
            setTrackingNo(event.currentTarget.value);
            ship.reset();
          }}
        />
      </label>
      <FormError action={ship} />
      <button type="submit" className={styles.primary} disabled={ship.busy}>
        {winner.shipping.state === 'shipped' ? text.correct : text.ship}
      </button>
    </form>
  );
}

const entrantColumns: readonly Column<Entrant>[] = [
  { key: 'user', title: text.entrantColumns.user, cell: (e) => `${e.userName}（${e.userId}）` },
  { key: 'enteredAt', title: text.entrantColumns.enteredAt, cell: (e) => localTime(e.enteredAt) },
];

/** One lottery (live ops): its winners with address and shipping, the waybill forms, the entrants. */
export default function LotteryDetailPage() {
  const lotteryId = Number(useParams().lotteryId);
  const [state, reload] = useEntry('lottery.lotteryDetail', { lotteryId }, null);
  const entrants = usePages('lottery.lotteryEntrants', { lotteryId });
  const winnerColumns: readonly Column<LotteryWinner>[] = [
    { key: 'user', title: text.winnerColumns.user, cell: (w) => `${w.user.userName}（${w.user.userId}）` },
    {
      key: 'address',
      title: text.winnerColumns.address,
      cell: (w) =>
        w.address
          ? `${w.address.name} ${w.address.mobile} ${w.address.region} ${w.address.street}`
          : text.noAddress,
    },
    {
      key: 'shipping',
      title: text.winnerColumns.shipping,
      cell: (w) => (
        <>
          <span className={styles.badge}>{text.shipping[w.shipping.state]}</span>
          {w.shipping.shippedAt ? <p className={styles.note}>{localTime(w.shipping.shippedAt)}</p> : null}
        </>
      ),
    },
    {
      key: 'waybill',
      title: text.winnerColumns.waybill,
      cell: (w) => <ShipForm lotteryId={lotteryId} winner={w} />,
    },
  ];
  return (
    <RolePage path="/backstage/lotteries">
      <p>
        <Link to="/backstage/lotteries">{text.back}</Link>
      </p>
      <BackstageEntry state={state} onRetry={reload}>
        {(lottery) => (
          <>
            <section className={styles.panel} data-testid="lottery-detail">
              <h2>{text.detailTitle(lottery.lotteryId)}</h2>
              <dl>
                <dt>{text.columns.stream}</dt>
                <dd>{lottery.streamId}</dd>
                <dt>{text.columns.host}</dt>
                <dd>{`${lottery.host.userName}（${lottery.host.userId}）`}</dd>
                <dt>{text.columns.prize}</dt>
                <dd>{`${lottery.prize} × ${lottery.quantity}`}</dd>
                <dt>{text.fields.entryRule}</dt>
                <dd>{text.rules[lottery.entryRule]}</dd>
                <dt>{text.columns.drawAt}</dt>
                <dd>{localTime(lottery.drawAt)}</dd>
                <dt>{text.columns.state}</dt>
                <dd>{lottery.drawn ? text.states.drawn : text.states.open}</dd>
              </dl>
            </section>
            <section className={styles.panel}>
              <h2>{text.winnersTitle}</h2>
              {lottery.winners.length === 0 ? (
                <p className={styles.note}>{text.noWinners}</p>
              ) : (
                <DataTable
                  caption={text.winnersTitle}
                  columns={winnerColumns}
                  rows={lottery.winners}
                  rowKey={(w) => w.user.userId}
                  testId="lottery-winners"
                />
              )}
            </section>
            <section className={styles.panel}>
              <h2>{text.entrantsTitle(lottery.entrantCount)}</h2>
              <PagedTable
                pages={entrants}
                caption={text.entrantsTitle(lottery.entrantCount)}
                columns={entrantColumns}
                rowKey={(e) => e.userId}
                testId="lottery-entrants"
              />
            </section>
          </>
        )}
      </BackstageEntry>
    </RolePage>
  );
}
