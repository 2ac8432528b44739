import type { Allowance, LiveContext } from '@h5/contract';
import { useEntry } from '../../lib/data-layer/use-entry';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { useApi } from '../../lib/use-api';
import { Placeholder } from '../../shell/Placeholder';
import styles from '../../shell/screen.module.css';
import live from './live.module.css';
import { useOnce } from './use-once';

type Context = LiveContext & { streamId: number };

/** The gifts of every fans level: owned ones in colour, the rest with the level that unlocks them. */
export function LevelGifts({ context }: { context: Context }) {
  const [state, reload] = useEntry('live.levelGift', context, null);
  return (
    <section className={styles.card} data-testid="level-gifts">
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{text.giftsTitle}</h2>
      </div>
      {state.status === 'loading' ? <div className={styles.skeleton} /> : null}
      {state.status === 'failed' || state.status === 'missing' ? (
        <Placeholder type="networkError" onRetry={reload} />
      ) : null}
      {state.status === 'ready' ? (
        <ul className={live.gifts}>
          {state.data.list.map((gift) => (
            <li
              key={gift.giftId}
              className={`${live.gift} ${gift.owned ? '' : live.giftLocked}`}
              data-testid="level-gift"
              data-owned={gift.owned}
            >
              <img src={gift.icon} alt="" width={48} height={48} loading="lazy" />
              <span>{gift.name}</span>
              <span className={styles.note}>
                {gift.owned ? text.giftOwned : text.giftLocked(gift.fansLevel)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The allowance of each fans level from 2: claimable once the level is reached, once. */
export function Allowances({
  context,
  onClaimed,
  toast,
}: {
  context: Context;
  onClaimed: () => void;
  toast: (message: string) => void;
}) {
  const api = useApi();
  const [state, reload] = useEntry('live.allowanceInfo', context, null);
  const { run, busy } = useOnce<number>();
  const claim = (a: Allowance) =>
    run(a.fansLevel, async () => {
      try {
        const got = await api(
          'live.claimAllowance',
          { ...context, fansLevel: a.fansLevel },
          { errorToast: false },
        );
        toast(text.allowanceToast(got.amountCents));
      } catch (failure) {
        toast(failure instanceof Error ? failure.message : String(failure));
      }
      onClaimed();
    });
  return (
    <section className={styles.card} data-testid="allowances">
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{text.allowanceTitle}</h2>
        <span className={styles.note}>{text.allowanceNote}</span>
      </div>
      {state.status === 'loading' ? <div className={styles.skeleton} /> : null}
      {state.status === 'failed' || state.status === 'missing' ? (
        <Placeholder type="networkError" onRetry={reload} />
      ) : null}
      {state.status === 'ready' ? (
        <ul className={styles.rows}>
          {state.data.list.map((a) => (
            <li
              key={a.fansLevel}
              className={styles.row}
              data-testid={`allowance-${a.fansLevel}`}
              data-state={a.state}
            >
              <span className={styles.rowText}>
                <span className={styles.rowTitle}>{text.allowanceLevel(a.fansLevel)}</span>
                <span className={styles.amount}>{text.amount(a.amountCents)}</span>
              </span>
              <button
                type="button"
                className={styles.action}
                disabled={a.state !== 'claimable' || busy === a.fansLevel}
                onClick={() => void claim(a)}
                data-testid={`claim-allowance-${a.fansLevel}`}
              >
                {busy === a.fansLevel
                  ? text.claiming
                  : a.state === 'claimed'
                    ? text.claimed
                    : a.state === 'claimable'
                      ? text.claim
                      : text.locked}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
