import type { AccuseInfo } from '@h5/contract';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import screen from '../../shell/screen.module.css';
import styles from './feedback.module.css';

/** What is being reported: the cover (content, user avatar) and the title, comment text or name. */
export function TargetCard({ target }: { target: AccuseInfo['target'] }) {
  return (
    <section className={styles.target} data-testid="accuse-target">
      {target.cover ? <img className={styles.targetCover} src={target.cover} alt="" /> : null}
      <div className={styles.targetText}>
        <p className={screen.note}>{text.targetLabel[target.type]}</p>
        <p className={styles.targetTitle}>{target.title}</p>
      </div>
    </section>
  );
}
