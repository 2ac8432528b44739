import { type PointerEvent, useId } from 'react';
import styles from './shoe-eval.module.css';

const STAR_PATH = 'M8 1.3l2 4.3 4.7.5-3.5 3.2 1 4.6L8 11.5l-4.2 2.4 1-4.6L1.3 6.1 6 5.6z';
const STARS = 5;

interface StarInputProps {
  /** The radios' name (the form's field). */
  name: string;
  /** The group's label: the id of the element that names it (its legend). */
  labelledBy: string;
  value: number;
  onChange: (value: number) => void;
  /** What one star is worth (2: a 0–10 score; 1: stars). */
  perStar: number;
  /** Choices per star: 4 for a score in half steps (0.5 … 10), 1 for whole stars. */
  stepsPerStar: number;
  /** A choice's accessible name (`8.5 分`, `4 星`). */
  labelOf: (value: number) => string;
  /** A test id per choice, `${testIdPrefix}-${value}`. */
  testIdPrefix?: string;
}

/**
 * A star rating (issue 28 point 8): five stars over a radio group. Each star holds its choices as
 * native radios laid over its parts (opacity 0, each the width of its part), so a tap picks the
 * part under the finger, the arrow keys move the choice (the browser's radio group), a screen
 * reader reads each choice by its name, and a finger sliding along the stars moves the value.
 * The stars fill to the value, in fractions of a star.
 */
export function StarInput({
  name,
  labelledBy,
  value,
  onChange,
  perStar,
  stepsPerStar,
  labelOf,
  testIdPrefix,
}: StarInputProps) {
  const clip = useId();
  const step = perStar / stepsPerStar;
  const max = perStar * STARS;
  // A finger sliding across the stars: the value under it (the radios answer taps and keys).
  const slide = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.buttons === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const share = (event.clientX - box.left) / box.width;
    const next = Math.min(max, Math.max(step, Math.ceil((share * max) / step - 1e-9) * step));
    if (next !== value) onChange(next);
  };
  return (
    <div
      className={styles.starInput}
      role="radiogroup"
      aria-labelledby={labelledBy}
      onPointerMove={slide}
      data-value={value}
    >
      {Array.from({ length: STARS }, (_, star) => {
        const filled = Math.min(1, Math.max(0, value / perStar - star));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
          <span key={star} className={styles.starBox}>
            <svg viewBox="0 0 16 16" aria-hidden="true">
              <defs>
                <clipPath id={`${clip}${star}`}>
                  <rect x="0" y="0" width={16 * filled} height="16" />
                </clipPath>
              </defs>
              <path d={STAR_PATH} className={styles.starBlank} />
              <path d={STAR_PATH} className={styles.starFull} clipPath={`url(#${clip}${star})`} />
            </svg>
            {/* The star's parts side by side in its box (the grid's columns), over the drawing. */}
            {Array.from({ length: stepsPerStar }, (_, part) => {
              const choice = star * perStar + (part + 1) * step;
              return (
                <input
                  key={choice}
                  className={styles.starChoice}
                  type="radio"
                  name={name}
                  value={choice}
                  checked={value === choice}
                  onChange={() => onChange(choice)}
                  aria-label={labelOf(choice)}
                  data-testid={testIdPrefix ? `${testIdPrefix}-${choice}` : undefined}
                />
              );
            })}
          </span>
        );
      })}
    </div>
  );
}
