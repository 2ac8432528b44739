import type { LiveContext } from '@h5/contract';
import { useEntry } from '../../lib/data-layer/use-entry';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { useAction } from '../../lib/use-action';
import { ActionRow } from '../../shell/ActionRow';
import { EntryCard } from '../../shell/SectionCard';
import styles from '../../shell/screen.module.css';
import { claimButton } from './claim-button';
import live from './live.module.css';
import { trackLiveAction } from './track-live';

type Context = LiveContext & { streamId: number };

/** The gifts of every fans level: owned ones in colour, the rest with the level that unlocks them. */
export function LevelGifts({ context }: { context: Context }) {
  const [state, reload] = useEntry('live.levelGift', context, null);
  return (
    <EntryCard title={text.giftsTitle} testId="level-gifts" entry={[state, reload]}>
      {(gifts) => (
        <ul className={live.gifts}>
          {gifts.list.map((gift) => (
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
      )}
    </EntryCard>
  );
}

/** The allowance of each fans level from 2: claimable once the level is reached, once. */
export function Allowances({ context, toast }: { context: Context; toast: (message: string) => void }) {
  const [state, reload] = useEntry('live.allowanceInfo', context, null);
  const claim = useAction('live.claimAllowance', {
    invalidates: ['live'],
    onDone: (got) => {
      trackLiveAction('allowanceClaim', context);
      toast(text.allowanceToast(got.amountCents));
    },
    onError: toast,
  });
  return (
    <EntryCard
      title={text.allowanceTitle}
      note={text.allowanceNote}
      testId="allowances"
      entry={[state, reload]}
    >
      {(allowances) => (
        <ul className={styles.rows}>
          {allowances.list.map((a) => (
            <ActionRow
              key={a.fansLevel}
              testId={`allowance-${a.fansLevel}`}
              state={a.state}
              title={text.allowanceLevel(a.fansLevel)}
              {...claimButton(a.state, claim.busyKey === a.fansLevel, text.locked)}
              onClick={() => void claim.run({ ...context, fansLevel: a.fansLevel }, a.fansLevel)}
              buttonTestId={`claim-allowance-${a.fansLevel}`}
            >
              <span className={styles.amount}>{text.amount(a.amountCents)}</span>
            </ActionRow>
          ))}
        </ul>
      )}
    </EntryCard>
  );
}
