import { useId } from 'react';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import screen from '../../shell/screen.module.css';
import styles from './feedback.module.css';

interface Props {
  title: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  placeholder: string;
  required: boolean;
  /** A refusal about this field, shown under it. */
  error?: string | null;
}

/** A labelled textarea with a live counter (announced politely) and its own error line. */
export function DescriptionField({ title, value, onChange, max, placeholder, required, error }: Props) {
  const id = useId();
  return (
    <section className={screen.card}>
      <div className={screen.sectionHead}>
        <label className={screen.sectionTitle} htmlFor={id}>
          {title}
        </label>
        <span className={required ? styles.required : screen.note}>
          {required ? text.descriptionRequired : text.descriptionOptional}
        </span>
      </div>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={max}
        placeholder={placeholder}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-counter ${id}-error`}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid="description"
      />
      <p
        id={`${id}-counter`}
        className={`${styles.counter} ${value.length >= max ? styles.counterFull : ''}`}
        aria-live="polite"
        data-testid="description-counter"
      >
        {text.counter(value.length, max)}
      </p>
      <p id={`${id}-error`} className={styles.error} role="alert">
        {error ?? ''}
      </p>
    </section>
  );
}
