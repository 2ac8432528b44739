import type { ContentDetail } from '@h5/contract';
import { CONTENT_TYPE, JUMP_KEY, optimiseImageUrl, USER_DETAIL_JUMP } from '@h5/core';
import { lazy, memo, Suspense } from 'react';
import { JumpLink } from '../../shell/JumpLink';
import styles from './DetailBody.module.css';
// The styles of the lazily loaded media and article, in the detail's stylesheet (see the file).
import '../../shell/product/detail-media.css';

// Only PicText contents have a carousel and only RichText ones an article (with its product
// cards): each loads in a chunk of its own, not first-load JS of the detail (DESIGN.md §8 budget).
// The server renders them; the browser hydrates them when their chunk has arrived.
const ArticleBody = lazy(() => import('./ArticleBody').then((m) => ({ default: m.ArticleBody })));
const FollowButton = lazy(() =>
  import('../../shell/community/FollowButton').then((m) => ({ default: m.FollowButton })),
);
// The publish time by the one date rule (3小时前, 5月24日), its clock in its own chunk.
const TimeText = lazy(() => import('../../shell/TimeText').then((m) => ({ default: m.TimeText })));
const VideoPlayer = lazy(() => import('./VideoPlayer').then((m) => ({ default: m.VideoPlayer })));
const ImageCarousel = lazy(() => import('./ImageCarousel').then((m) => ({ default: m.ImageCarousel })));

// The carousel's frame keeps the first image's shape, within 4:3 landscape and 3:4 portrait.
const MIN_RATIO = 0.75;
const MAX_RATIO = 4 / 3;

/** Height / width of the carousel frame for these images. */
export function frameRatio(images: ContentDetail['images']): number {
  const first = images[0];
  if (!first) return 1;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, first.height / first.width));
}

const AVATAR_WIDTH = 72;

/**
 * The media on top: carousel (PicText), player (Video), nothing for NoPic and RichText. A video
 * starts playing muted; on a low device it waits for a tap and loads nothing before it.
 */
function Media({ detail }: { detail: ContentDetail }) {
  if (detail.contentType === CONTENT_TYPE.Video && detail.video) return <Player video={detail.video} />;
  if (detail.contentType === CONTENT_TYPE.PicText && detail.images.length > 0)
    return <Carousel images={detail.images} alt={detail.title} />;
  return null;
}

/** The player in its frame and boundary; memoised like the carousel (below). */
const Player = memo(function Player({ video }: { video: NonNullable<ContentDetail['video']> }) {
  const { cover } = video;
  return (
    <div
      className={styles.player}
      style={{ aspectRatio: cover ? `${cover.width} / ${cover.height}` : '16 / 9' }}
    >
      <Suspense fallback={null}>
        <VideoPlayer video={video} />
      </Suspense>
    </div>
  );
});

/**
 * The carousel in its boundary. Memoised: a server-rendered boundary whose chunk has not arrived
 * yet is thrown away and client-rendered as its fallback when it receives an update (new props),
 * so a re-render of the page (the low-device judgement, the cache's first write) must not reach it.
 */
const Carousel = memo(function Carousel({ images, alt }: { images: ContentDetail['images']; alt: string }) {
  const ratio = frameRatio(images);
  // While the carousel's chunk loads (a client-side visit), its frame keeps the page still.
  const frame = <div className="h5-carousel" style={{ aspectRatio: `1 / ${ratio}` }} />;
  return (
    <Suspense fallback={frame}>
      <ImageCarousel images={images} ratio={ratio} alt={alt} />
    </Suspense>
  );
});

/** The content's topic (a tag id is a content category here): jump key 29, the topic page outside the app. */
function TopicChip({ category, name }: { category: number; name: string }) {
  if (name === '') return null;
  return (
    <JumpLink
      jump={JUMP_KEY.topic}
      params={{ tagId: category }}
      className={styles.topic}
      data-testid="topic-chip"
    >
      #{name}
    </JumpLink>
  );
}

/**
 * The content: media, title, author row with time, then the text or the article. Memoised for the
 * article's boundary, like the carousel's: the page re-renders right after hydration.
 */
export const DetailBody = memo(function DetailBody({ detail }: { detail: ContentDetail }) {
  const textCard = detail.contentType === CONTENT_TYPE.NoPic;
  return (
    <article className={styles.body} data-testid="detail-body">
      <Media detail={detail} />
      <div className={styles.sheet}>
        <div className={styles.authorRow}>
          <JumpLink
            jump={USER_DETAIL_JUMP}
            params={{ userId: detail.author.userId }}
            className={styles.author}
            data-testid="detail-author"
          >
            <img
              className={styles.avatar}
              src={optimiseImageUrl(detail.author.avatar, { width: AVATAR_WIDTH })}
              width={36}
              height={36}
              alt=""
              decoding="async"
              // Low: React preloads eager images in the head, and this one must not compete with
              // the carousel's first image (the page's LCP).
              fetchPriority="low"
            />
            <span className={styles.authorText}>
              <span className={styles.name}>{detail.author.userName}</span>
              <Suspense fallback={null}>
                <TimeText className={styles.time} at={detail.createdAt} />
              </Suspense>
            </span>
          </JumpLink>
          {detail.author.isSelf ? null : (
            <Suspense fallback={null}>
              <FollowButton userId={detail.author.userId} isFollowing={detail.author.isFollowing} />
            </Suspense>
          )}
        </div>
        <h1 className={styles.title} data-testid="detail-title">
          {detail.title}
        </h1>
        {detail.contentType === CONTENT_TYPE.RichText ? (
          <Suspense fallback={null}>
            <ArticleBody detail={detail} />
          </Suspense>
        ) : (
          <div className={textCard ? styles.textCard : styles.text} data-testid="detail-text">
            {detail.text.split(/\n\s*\n/).map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs never move
              <p key={i}>{p}</p>
            ))}
          </div>
        )}
        <TopicChip category={detail.category} name={detail.categoryName} />
      </div>
    </article>
  );
});
