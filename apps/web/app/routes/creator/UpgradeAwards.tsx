import type { UpgradeAward } from '@h5/contract';
import { UPGRADE_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { ActionRow } from '../../shell/ActionRow';
import { SectionCard } from '../../shell/SectionCard';
import styles from '../../shell/screen.module.css';
import { TimeText } from '../../shell/TimeText';

/** The season's awards with the caller's state: a receive button only where one is earned. */
export function UpgradeAwards({
  awards,
  levelTitle,
  busy,
  onReceive,
}: {
  awards: UpgradeAward[];
  levelTitle: (level: number) => string;
  /** The award being received, if any. */
  busy: string | number | null;
  onReceive: (awardId: number) => void;
}) {
  return (
    <SectionCard title={text.awardsTitle} testId="upgrade-awards">
      {awards.length === 0 ? <p className={styles.note}>{text.awardsEmpty}</p> : null}
      <ul className={styles.rows}>
        {awards.map((award) => {
          const { state } = award;
          const receivable = state === 'receivable';
          return (
            <ActionRow
              key={award.awardId}
              testId="award"
              state={state}
              data={{ 'data-award-id': award.awardId }}
              title={
                <>
                  {award.title} <span className={styles.amount}>{text.amount(award.amountCents)}</span>
                </>
              }
              label={
                state !== 'receivable' ? text[state] : busy === award.awardId ? text.receiving : text.receive
              }
              disabled={!receivable || busy === award.awardId}
              onClick={() => onReceive(award.awardId)}
              buttonTestId={receivable ? 'award-receive' : undefined}
            >
              <span className={styles.note}>
                {text.awardLevel(levelTitle(award.level))} ·{' '}
                <TimeText at={award.expiresAt} style="day" format={text.deadline} />
              </span>
            </ActionRow>
          );
        })}
      </ul>
    </SectionCard>
  );
}
