import type { ContentDetail } from '@h5/contract';
import { optimiseImageUrl } from '@h5/core';
import { useEffect, useRef, useState } from 'react';
import { VIDEO_TEXT } from '../../lib/ui-text/video';
import { useLowDevice } from '../../lib/use-low-device';

const POSTER_WIDTH = 750;

/**
 * The video player (its own chunk, like the carousel): starts muted, or on a low device waits for
 * a tap and loads nothing before it. A clip that fails to load shows why, with a retry that loads
 * it again; a failure before hydration (no React listener yet) is read from the element.
 */
export function VideoPlayer({ video }: { video: NonNullable<ContentDetail['video']> }) {
  const lowDevice = useLowDevice();
  const element = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (element.current?.error) setFailed(true);
  }, []);
  const { cover, url } = video;
  return (
    <>
      <video
        key={attempt}
        ref={element}
        className="h5-video"
        src={`${url}#t=0.1`}
        poster={cover ? optimiseImageUrl(cover.url, { width: POSTER_WIDTH, lowDevice }) : undefined}
        controls
        playsInline
        autoPlay={!lowDevice}
        muted={!lowDevice}
        preload={lowDevice ? 'none' : 'metadata'}
        aria-label={VIDEO_TEXT.label}
        data-testid="detail-video"
        onError={() => setFailed(true)}
      />
      {failed ? (
        <div className="h5-video-error" role="alert" data-testid="video-error">
          <p>{VIDEO_TEXT.failed}</p>
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {VIDEO_TEXT.retry}
          </button>
        </div>
      ) : null}
    </>
  );
}
