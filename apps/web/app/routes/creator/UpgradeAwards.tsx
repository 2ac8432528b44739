import type { UpgradeAward } from '@h5/contract';
import { UPGRADE_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import styles from '../../shell/screen.module.css';

const day = (iso: string) => new Date(iso).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });

/** The season's awards with the caller's state: a receive button only where one is earned. */
export function UpgradeAwards({
  awards,
  levelTitle,
  busy,
  onReceive,
}: {
  awards: UpgradeAward[];
  levelTitle: (level: number) => string;
  busy: number | null;
  onReceive: (awardId: number) => void;
}) {
  return (
    <section className={styles.card} aria-labelledby="awards-title" data-testid="upgrade-awards">
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle} id="awards-title">
          {text.awardsTitle}
        </h2>
      </div>
      {awards.length === 0 ? <p className={styles.note}>{text.awardsEmpty}</p> : null}
      <ul className={styles.rows}>
        {awards.map((award) => (
          <li
            key={award.awardId}
            className={styles.row}
            data-testid="award"
            data-state={award.state}
            data-award-id={award.awardId}
          >
            <span className={styles.rowText}>
              <span className={styles.rowTitle}>
                {award.title} <span className={styles.amount}>{text.amount(award.amountCents)}</span>
              </span>
              <span className={styles.note}>
                {text.awardLevel(levelTitle(award.level))} · {text.deadline(day(award.expiresAt))}
              </span>
            </span>
            {award.state === 'receivable' ? (
              <button
                type="button"
                className={styles.action}
                disabled={busy === award.awardId}
                onClick={() => onReceive(award.awardId)}
                data-testid="award-receive"
              >
                {busy === award.awardId ? text.receiving : text.receive}
              </button>
            ) : (
              <span className={`${styles.action} ${styles.actionMuted}`}>{text[award.state]}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
