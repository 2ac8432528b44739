import type { FeedCard as Card } from '@h5/contract';
import type { ReactNode } from 'react';
import { useLowDeviceAtMount } from '../../lib/use-low-device';
import { largestAboveFold, splitColumns } from './columns';
import { FeedCard } from './FeedCard';
import styles from './FeedGrid.module.css';

/** Covers of the first cards (above the fold) load eagerly; the rest lazily. */
const EAGER_CARDS = 4;
/** A low device loads only the two top covers eagerly. */
const LOW_DEVICE_EAGER_CARDS = 2;

/** The two-column waterfall. */
export function FeedGrid<C extends Card>({
  cards,
  extra,
  mark,
}: {
  cards: readonly C[];
  /** More for a card, under its author line. */
  extra?: ((card: C) => ReactNode) | undefined;
  /** A card's title with marks (search). */
  mark?: ((title: string) => ReactNode) | undefined;
}) {
  const eagerCount = useLowDeviceAtMount() ? LOW_DEVICE_EAGER_CARDS : EAGER_CARDS;
  const columns = splitColumns(cards);
  // The likely LCP cover loads eagerly and first, wherever it sits (a lazy cover on the first
  // screen waits for layout: Lighthouse's LCP on / was the fourth card's, lazy, at 2.27 s).
  const lcp = largestAboveFold(columns)?.contentId;
  const eager = new Set([...cards.slice(0, eagerCount).map((card) => card.contentId), lcp]);
  // The feed position of each card (analytics exposures and clicks report it).
  const position = new Map(cards.map((card, i) => [card.contentId, i]));
  return (
    <div className={styles.grid} data-testid="feed-grid">
      {columns.map((column, index) => (
        // Two fixed columns: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns never reorder
        <div key={index} className={styles.column}>
          {column.map((card) => (
            <FeedCard
              key={card.contentId}
              card={card}
              eager={eager.has(card.contentId)}
              priority={card.contentId === lcp}
              position={position.get(card.contentId) ?? 0}
              extra={extra?.(card)}
              mark={mark}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
