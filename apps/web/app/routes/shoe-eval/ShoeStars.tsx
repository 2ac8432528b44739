import { Stars } from '../../shell/product/Stars';
import styles from './shoe-eval.module.css';

/** A 0–10 score as five stars in half steps (spec §9), with its figure for screen readers. */
export function ShoeStars({ score, label }: { score: number; label: string }) {
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      <Stars score={score} />
    </span>
  );
}
