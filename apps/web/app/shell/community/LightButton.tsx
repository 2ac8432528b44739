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
      <span className={styles.icon} aria-hidden="true" />
      <span className="visually-hidden">{DETAIL_TEXT.light}</span>
      <span className={styles.count} data-testid="detail-light-count">
        {light.lightCount > 0 ? formatCount(light.lightCount) : DETAIL_TEXT.light}
      </span>
    </button>
  );
}
