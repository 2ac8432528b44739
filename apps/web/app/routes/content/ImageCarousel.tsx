import type { Image } from '@h5/contract';
import { optimiseImageUrl } from '@h5/core';
import { useCallback, useRef, useState } from 'react';
import { useRootData } from '../../lib/root-data';
import { CAROUSEL_TEXT } from '../../lib/ui-text/carousel';
import { useLowDeviceAtMount } from '../../lib/use-low-device';

/** 2x of a 375-px screen. */
const SLIDE_WIDTH = 750;
/**
 * PicText images: a swipeable row (scroll snap), dots, tap to open the image viewer. The frame's
 * shape (`ratio`, height / width) comes from DetailBody, which keeps it while this loads.
 */
export function ImageCarousel({
  images,
  ratio,
  alt,
}: {
  images: readonly Image[];
  ratio: number;
  /** The content's title: each image's alt text (issue 14 point 8). */
  alt: string;
}) {
  const runtime = useRootData()?.runtime;
  const lowDevice = useLowDeviceAtMount();
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
    <section className="h5-carousel" data-testid="image-carousel">
      <div
        ref={track}
        className="h5-carousel-track"
        style={{ aspectRatio: `1 / ${ratio}` }}
        onScroll={onScroll}
      >
        {images.map((image, i) => (
          <button
            type="button"
            key={image.url}
            className="h5-carousel-slide"
            onClick={() => void open(i)}
            aria-label={`${CAROUSEL_TEXT.openImage} ${CAROUSEL_TEXT.imageOf(i + 1, images.length)}`}
          >
            <img
              className="h5-carousel-image"
              src={optimiseImageUrl(image.url, { width: SLIDE_WIDTH, lowDevice })}
              width={image.width}
              height={image.height}
              alt={images.length > 1 ? `${alt} ${CAROUSEL_TEXT.imageOf(i + 1, images.length)}` : alt}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
            />
          </button>
        ))}
      </div>
      {images.length > 1 ? (
        <div className="h5-carousel-dots" aria-hidden="true" data-testid="carousel-dots">
          {images.map((image, i) => (
            <span
              key={image.url}
              className={i === index ? 'h5-carousel-dot h5-carousel-dot-active' : 'h5-carousel-dot'}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
