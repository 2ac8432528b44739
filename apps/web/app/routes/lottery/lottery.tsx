import type { LotteryInfo } from '@h5/contract';
import { useState } from 'react';
import { invalidate } from '../../lib/data-layer/cache';
import { putEntry } from '../../lib/data-layer/put-entry';
import { useEntry } from '../../lib/data-layer/use-entry';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { queryId } from '../../lib/query-id';
import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { EntryView } from '../../shell/EntryView';
import { LotteryCard, type LotteryProps } from '../../shell/lottery/LotteryCard';
import styles from '../../shell/lottery/lottery.module.css';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import { SectionCard } from '../../shell/SectionCard';
import shell from '../../shell/screen.module.css';
import type { Route } from './+types/lottery';
import { AddressForm } from './AddressForm';
import { Winners } from './Winners';

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

type LotteryQuery = { lotteryId: number | undefined; streamId: number | undefined };

/** `?lotteryId=`, or `?streamId=` for the stream's newest lottery (the live room links either). */
function lotteryQuery(request: Request | URL): LotteryQuery {
  const lotteryId = queryId(request, 'lotteryId') ?? undefined;
  const streamId = lotteryId === undefined ? (queryId(request, 'streamId') ?? undefined) : undefined;
  return { lotteryId, streamId };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = lotteryQuery(request);
  if (query.lotteryId === undefined && query.streamId === undefined) return { query, info: null };
  return { query, info: dataOf(await prefetch(context, 'lottery.lotteryInfo', query)) };
}

/** A live lottery (issue 17 point 1): the card, the winner's address and shipping, the host's winners. */
export default function LotteryScreen({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
  // No id to ask for: nothing is called (the call would only be refused), the page says so.
  if (query.lotteryId === undefined && query.streamId === undefined)
    return (
      <Screen title={text.title} backTestId="lottery-back" testId="lottery">
        <Placeholder type="empty" text={text.notFound} home />
      </Screen>
    );
  return <Lottery query={query} seed={loaderData.info} />;
}

function Lottery({ query, seed }: { query: LotteryQuery; seed: LotteryInfo | null }) {
  const [state, reload] = useEntry('lottery.lotteryInfo', query, seed);
  /** A write's answer is the lottery as it is now: every reader of the entry shows it. */
  const update = (info: LotteryInfo) => putEntry('lottery.lotteryInfo', query, info);
  return (
    <Screen
      title={text.title}
      backTestId="lottery-back"
      testId="lottery"
      onRefresh={() => invalidate('lottery')}
      refreshing={state.status === 'loading'}
    >
      <EntryView
        state={state}
        onRetry={reload}
        missing={text.notFound}
        skeleton={
          <div
            className={shell.skeleton}
            style={{ height: 240 }}
            data-testid="lottery-skeleton"
            aria-hidden="true"
          />
        }
      >
        {(info) => <LotteryBody info={info} onUpdate={update} onDue={reload} />}
      </EntryView>
    </Screen>
  );
}

function LotteryBody({ info, onUpdate, onDue }: LotteryProps) {
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const { my } = info;
  const shipping = my.shipping;
  return (
    <>
      <LotteryCard info={info} onUpdate={onUpdate} onDue={onDue} />
      {my.state === 'won' && shipping ? (
        <SectionCard
          title={text.addressTitle}
          testId="lottery-prize-delivery"
          note={
            <span className={styles.badge} data-state={shipping.state} data-testid="lottery-shipping">
              {text.shipping[shipping.state]}
            </span>
          }
        >
          {shipping.state === 'shipped' && shipping.courier && shipping.trackingNo ? (
            <p className={styles.waybillLine} data-testid="lottery-waybill">
              {text.waybill(shipping.courier, shipping.trackingNo)}
            </p>
          ) : null}
          {my.address && !editing ? (
            <>
              <p className={styles.address} data-testid="lottery-address">
                {my.address.name} {my.address.mobile}
                <br />
                {my.address.region} {my.address.street}
              </p>
              {shipping.state === 'awaiting_shipment' ? (
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => setEditing(true)}
                  data-testid="lottery-address-edit"
                >
                  {text.edit}
                </button>
              ) : null}
            </>
          ) : (
            <>
              <p className={styles.note}>{text.addressHint}</p>
              <AddressForm
                lotteryId={info.lotteryId}
                current={my.address}
                onDone={(next, done) => {
                  setEditing(false);
                  setNote(done);
                  onUpdate(next);
                }}
                onCancel={my.address ? () => setEditing(false) : undefined}
              />
            </>
          )}
          {note ? (
            <p className={styles.note} role="status" data-testid="lottery-note">
              {note}
            </p>
          ) : null}
        </SectionCard>
      ) : null}
      {info.winners ? <Winners info={info} onUpdate={onUpdate} /> : null}
    </>
  );
}
