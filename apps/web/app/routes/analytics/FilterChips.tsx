import { Link } from 'react-router';
import styles from './telemetry.module.css';

/** One filter of an internal page: a chip linking to its query, the current one marked. */
export interface FilterChip {
  key: string;
  to: string;
  label: string;
  current: boolean;
}

/** The filter chips under the header of the telemetry and analytics pages. */
export function FilterChips({ label, chips }: { label: string; chips: readonly FilterChip[] }) {
  return (
    <nav className={styles.filters} aria-label={label}>
      {chips.map((chip) => (
        <Link
          key={chip.key}
          to={chip.to}
          className={styles.chip}
          aria-current={chip.current ? 'page' : undefined}
        >
          {chip.label}
        </Link>
      ))}
    </nav>
  );
}
