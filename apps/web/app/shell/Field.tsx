import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './screen.module.css';

interface FieldProps {
  label: ReactNode;
  error?: string;
  errorTestId?: string;
  /** The screen's field unless a form lays its fields out otherwise. */
  className?: string;
}

/**
 * One control of a form with its label and, right under the control, why the server refused it
 * (a 400 names the field: `useAction`'s `fieldErrors`), said as an alert.
 */
export function Field({
  label,
  error,
  errorTestId,
  className = styles.field,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the children
    <label className={className}>
      <span className={styles.label}>{label}</span>
      {children}
      {error ? (
        <span className={styles.error} role="alert" data-testid={errorTestId}>
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** A text input as a Field, marked invalid while its refusal shows. */
export function TextField({
  label,
  error,
  errorTestId,
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} errorTestId={errorTestId} className={className}>
      <input className={styles.input} aria-invalid={error !== undefined} {...input} />
    </Field>
  );
}
