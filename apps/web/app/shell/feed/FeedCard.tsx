import type { FeedCard as Card } from '@h5/contract';
import { CONTENT_TYPE, formatCount, optimiseImageUrl, USER_DETAIL_JUMP } from '@h5/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useContentShadow } from '../../lib/data-layer/shadow';
import { FEED_TEXT } from '../../lib/ui-text/feed';
import { useLowDeviceAtMount } from '../../lib/use-low-device';
import { JumpLink } from '../JumpLink';
import { coverRatio } from './columns';
import styles from './FeedCard.module.css';
import { formatDuration } from './format-duration';

/** Cover width requested from the image CDN: a 2x column on a 375-px screen. */
const COVER_WIDTH = 360;
const AVATAR_WIDTH = 40;

interface Props {
  card: Card;
  /** The first cards are above the fold: load their covers eagerly. */
  eager: boolean;
  /** A column's top cover: above the fold and the likely LCP element. */
  priority: boolean;
  /** Index in the feed, for analytics (`data-position`). */
  position: number;
  /** More under the author line (the new-commodity product). */
  extra?: ReactNode;
  /** The title drawn with marks (search's highlighted match). */
  mark?: ((title: string) => ReactNode) | undefined;
}

/** One card of the waterfall: cover (or text block), two-line title, author and light count. */
export function FeedCard({ card: loaded, eager, priority, position, extra, mark }: Props) {
  // The viewer's light made anywhere (detail, another list) shows here at once.
  const card = useContentShadow(loaded.contentId, loaded);
  const lowDevice = useLowDeviceAtMount();
  const isVideo = card.contentType === CONTENT_TYPE.Video;
  const ratio = coverRatio(card);
  return (
    <article
      className={styles.card}
      data-testid="feed-card"
      data-content-id={card.contentId}
      data-position={position}
      data-lit={card.isLight}
    >
      <Link to={`/community/content/${card.contentId}`} className={styles.link}>
        {card.cover ? (
          <div className={styles.media} style={{ aspectRatio: `1 / ${ratio}` }}>
            <img
              className={styles.cover}
              src={optimiseImageUrl(card.cover.url, { width: COVER_WIDTH, lowDevice })}
              width={card.cover.width}
              height={card.cover.height}
              alt={card.title}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              fetchPriority={priority ? 'high' : undefined}
            />
            {isVideo ? (
              <span className={styles.playBadge} data-testid="play-badge">
                <span className="visually-hidden">{FEED_TEXT.videoBadge}</span>
                {card.videoDuration !== null ? formatDuration(card.videoDuration) : null}
              </span>
            ) : null}
          </div>
        ) : (
          <div className={styles.textBlock} style={{ aspectRatio: `1 / ${ratio}` }} data-testid="text-block">
            <p className={styles.excerpt}>{mark ? mark(card.title) : card.title}</p>
          </div>
        )}
        {card.cover ? <h2 className={styles.title}>{mark ? mark(card.title) : card.title}</h2> : null}
      </Link>
      <div className={styles.meta}>
        <JumpLink
          jump={USER_DETAIL_JUMP}
          params={{ userId: card.author.userId }}
          className={styles.author}
          data-testid="card-author"
        >
          <img
            className={styles.avatar}
            src={optimiseImageUrl(card.author.avatar, { width: AVATAR_WIDTH })}
            width={20}
            height={20}
            alt=""
            loading="lazy"
            decoding="async"
          />
          <span className={styles.name}>{card.author.userName}</span>
        </JumpLink>
        <span className={`${styles.lights} ${card.isLight ? styles.lit : ''}`}>
          <span className="visually-hidden">{FEED_TEXT.lights}</span>
          <span data-testid="light-count">{formatCount(card.lightCount)}</span>
        </span>
      </div>
      {extra}
    </article>
  );
}
