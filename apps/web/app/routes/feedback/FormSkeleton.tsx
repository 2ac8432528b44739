import screen from '../../shell/screen.module.css';
import styles from './feedback.module.css';

/** Rows of each skeleton card: the target, the reasons, the text box (keys are the card names). */
const CARDS = [
  { name: 'target', rows: ['title', 'line'] },
  { name: 'reasons', rows: ['title', 'r1', 'r2', 'r3', 'r4'] },
  { name: 'text', rows: ['title', 'box'] },
] as const;

/** Grey blocks in the form's shape while its data loads. */
export function FormSkeleton() {
  return (
    <div aria-busy="true" data-testid="feedback-skeleton" className={styles.form}>
      {CARDS.map((card) => (
        <div key={card.name} className={screen.card}>
          {card.rows.map((row, index) => (
            <div
              key={row}
              className={screen.skeleton}
              style={{
                width: row === 'title' ? '40%' : '100%',
                height: row === 'box' ? 96 : row === 'title' ? 20 : 32,
                marginTop: index ? 16 : 0,
              }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
