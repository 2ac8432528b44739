// Issue 6 (lights). The detail page's bottom bar renders it.
import { formatCount } from '@h5/core';
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import styles from './LightButton.module.css';
import { useLight } from './use-light';

export interface LightButtonProps {
  contentId: number;
  isLight: boolean;
  lightCount: number;
}

/** The light (like) toggle with its count; optimistic, rolled back when the call fails. */
export function LightButton({ contentId, isLight, lightCount }: LightButtonProps) {
  const light = useLight(contentId, { isLight, lightCount });
  return (
    <button
      type="button"
      className={`${styles.button} ${light.isLight ? styles.lit : ''}`}
      onClick={light.toggle}
      aria-pressed={light.isLight}
      data-testid="light-button"
    >
      <svg viewBox="0 0 16 16" width="22" height="22" aria-hidden="true" className={styles.icon}>
        <path
          d="M8 14s-5.5-3.4-5.5-7.2A3.1 3.1 0 0 1 8 4.6a3.1 3.1 0 0 1 5.5 2.2C13.5 10.6 8 14 8 14z"
          fill={light.isLight ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.3"
        />
      </svg>
      <span className="visually-hidden">{DETAIL_TEXT.light}</span>
      <span className={styles.count} data-testid="detail-light-count">
        {light.lightCount > 0 ? formatCount(light.lightCount) : DETAIL_TEXT.light}
      </span>
    </button>
  );
}
