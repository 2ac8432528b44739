import type { Image } from '@h5/contract';
import { optimiseImageUrl } from '@h5/core';
import { useCallback, useRef, useState } from 'react';
import { useRootData } from '../../lib/root-data';
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import { useLowDevice } from '../../shell/use-low-device';
import styles from './ImageCarousel.module.css';

/** 2x of a 375-px screen. */
const SLIDE_WIDTH = 750;
// The frame keeps the first image's shape, within 4:3 landscape and 3:4 portrait.
const MIN_RATIO = 0.75;
const MAX_RATIO = 4 / 3;

/** Height / width of the carousel frame for these images. */
export function frameRatio(images: readonly Image[]): number {
  const first = images[0];
  if (!first) return 1;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, first.height / first.width));
}

/** PicText images: a swipeable row (scroll snap), dots, tap to open the image viewer. */
export function ImageCarousel({ images }: { images: readonly Image[] }) {
  const runtime = useRootData()?.runtime;
  const lowDevice = useLowDevice();
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLDivElement>(null);

  const onScroll = useCallback(() => {
    const el = track.current;
    if (el && el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
  }, []);

  const open = useCallback(
    async (at: number) => {
      // Loaded on the first tap: the bridge loader stays out of the page's first-load JS.
      const { loadPageBridge } = await import('../../platform/page-bridge');
      const bridge = await loadPageBridge(runtime ?? {});
      // The app's native viewer (5.0.0+) or the bridge's web viewer; a dismiss is not an error.
      await bridge
        .previewImage(
          images.map((i) => optimiseImageUrl(i.url)),
          at,
        )
        .catch((error: unknown) => {
          console.warn('image preview', error);
        });
    },
    [images, runtime],
  );

  return (
    <section className={styles.carousel} data-testid="image-carousel">
      <div
        ref={track}
        className={styles.track}
        style={{ aspectRatio: `1 / ${frameRatio(images)}` }}
        onScroll={onScroll}
      >
        {images.map((image, i) => (
          <button
            type="button"
            key={image.url}
            className={styles.slide}
            onClick={() => void open(i)}
            aria-label={`${DETAIL_TEXT.openImage} ${DETAIL_TEXT.imageOf(i + 1, images.length)}`}
          >
            <img
              className={styles.image}
              src={optimiseImageUrl(image.url, { width: SLIDE_WIDTH, lowDevice })}
              width={image.width}
              height={image.height}
              alt=""
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
            />
          </button>
        ))}
      </div>
      {images.length > 1 ? (
        <div className={styles.dots} aria-hidden="true" data-testid="carousel-dots">
          {images.map((image, i) => (
            <span key={image.url} className={`${styles.dot} ${i === index ? styles.active : ''}`} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
