import type { ContentDetail } from '@h5/contract';
import { optimiseImageUrl } from '@h5/core';
import { useEffect, useRef, useState } from 'react';
import { VIDEO_TEXT } from '../../lib/ui-text/video';
import { useLowDevice, useLowDeviceAtMount } from '../../lib/use-low-device';

const POSTER_WIDTH = 750;

/** Seconds as m:ss (the feed's format-duration lives in the feed's chunk, which the detail must not load). */
const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The video player (its own chunk, like the carousel): starts muted, or on a low device waits for
 * a tap and loads nothing before it. Until the first frame plays, the cover lies over the video in
 * the same box and fit (no jump in scale from poster to video), with the clip's length and a play
 * button the size of the frame: a tap anywhere on it plays, with sound. A clip that fails to load
 * shows why, with a retry that loads it again; a failure before hydration (no React listener yet)
 * is read from the element.
 */
export function VideoPlayer({ video }: { video: NonNullable<ContentDetail['video']> }) {
  const lowDevice = useLowDevice();
  const lightPoster = useLowDeviceAtMount();
  const element = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const v = element.current;
    if (v?.error) setFailed(true);
    // Autoplay may have started before hydration (no React listener yet).
    else if (v && !v.paused && v.currentTime > 0) setPlaying(true);
  }, []);
  const { cover, url } = video;
  const poster = cover
    ? optimiseImageUrl(cover.url, { width: POSTER_WIDTH, lowDevice: lightPoster })
    : undefined;
  const play = () => {
    const v = element.current;
    if (!v) return;
    v.muted = false;
    v.play().catch(() => {
      // Sound refused (no user activation the browser counts): play muted rather than not at all.
      v.muted = true;
      return v.play().catch(() => undefined);
    });
  };
  return (
    <>
      <video
        key={attempt}
        ref={element}
        className="h5-video"
        src={`${url}#t=0.1`}
        poster={poster}
        controls={playing}
        playsInline
        autoPlay={!lowDevice}
        muted={!lowDevice}
        preload={lowDevice ? 'none' : 'metadata'}
        aria-label={VIDEO_TEXT.label}
        data-testid="detail-video"
        onPlaying={() => setPlaying(true)}
        onError={() => setFailed(true)}
      />
      {playing || failed ? null : (
        <button
          type="button"
          className="h5-video-poster"
          onClick={play}
          aria-label={`${VIDEO_TEXT.play}，${VIDEO_TEXT.duration(clock(video.duration))}`}
          data-testid="video-poster"
        >
          {poster ? <img src={poster} alt="" decoding="async" /> : null}
          <span className="h5-video-play" aria-hidden="true" />
          <span className="h5-video-duration" data-testid="video-duration">
            {clock(video.duration)}
          </span>
        </button>
      )}
      {failed ? (
        <div className="h5-video-error" role="alert" data-testid="video-error">
          <p>{VIDEO_TEXT.failed}</p>
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              setPlaying(false);
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
