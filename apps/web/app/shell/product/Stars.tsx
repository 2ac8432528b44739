import { scoreToStars } from '@h5/core';
import { useId } from 'react';

const STAR_PATH = 'M8 1.3l2 4.3 4.7.5-3.5 3.2 1 4.6L8 11.5l-4.2 2.4 1-4.6L1.3 6.1 6 5.6z';

/** Five stars for a 0–10 score: full, half and blank (core's scoreToStars). */
export function Stars({ score }: { score: number }) {
  const clip = `${useId()}half`;
  return (
    <span className="h5-product-stars" data-testid="stars">
      {scoreToStars(score).map((kind, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
        <svg key={i} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" data-star={kind}>
          <defs>
            <clipPath id={`${clip}${i}`}>
              <rect x="0" y="0" width="8" height="16" />
            </clipPath>
          </defs>
          <path d={STAR_PATH} className="h5-star-blank" />
          {kind === 'full' ? <path d={STAR_PATH} className="h5-star-full" /> : null}
          {kind === 'half' ? (
            <path d={STAR_PATH} className="h5-star-full" clipPath={`url(#${clip}${i})`} />
          ) : null}
        </svg>
      ))}
    </span>
  );
}
