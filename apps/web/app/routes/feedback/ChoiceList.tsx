import { useId } from 'react';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import screen from '../../shell/screen.module.css';
import styles from './feedback.module.css';

export interface Choice {
  id: number;
  label: string;
  /** Marks a reason that needs a description. */
  tagged?: boolean;
}

interface Props {
  title: string;
  name: string;
  choices: Choice[];
  /** Radio: one id; checkbox: many. */
  kind: 'radio' | 'checkbox';
  selected: number[];
  onToggle: (id: number) => void;
}

/** A group of full-width radio or checkbox rows (48-px touch targets). */
export function ChoiceList({ title, name, choices, kind, selected, onToggle }: Props) {
  const titleId = useId();
  return (
    <section
      className={screen.card}
      role={kind === 'radio' ? 'radiogroup' : 'group'}
      aria-labelledby={titleId}
      data-testid={`${name}-list`}
    >
      <h2 className={`${screen.sectionTitle} ${screen.sectionHead}`} id={titleId}>
        {title}
      </h2>
      <div className={screen.rows}>
        {choices.map((choice) => (
          <label key={choice.id} className={styles.choice}>
            <span className={styles.choiceLabel}>{choice.label}</span>
            {choice.tagged ? <span className={screen.badge}>{text.reasonRequired}</span> : null}
            <input
              type={kind}
              name={name}
              value={choice.id}
              checked={selected.includes(choice.id)}
              onChange={() => onToggle(choice.id)}
            />
          </label>
        ))}
      </div>
    </section>
  );
}
