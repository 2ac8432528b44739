import type { FeedCard } from '@h5/contract';
import { formatCount, optimiseImageUrl, USER_DETAIL_JUMP } from '@h5/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import type { InfiniteList } from '../../lib/data-layer/use-infinite';
import { VIDEO_TEXT } from '../../lib/ui-text/video';
import { useLowDeviceAtMount } from '../../lib/use-low-device';
import { useLight } from '../../shell/community/use-light';
import { formatDuration } from '../../shell/feed/format-duration';
import { JumpLink } from '../../shell/JumpLink';
import styles from './HotVideoPlayer.module.css';

/** Load the next page when the reader is this many videos from the end of what is loaded. */
const LOAD_AHEAD = 3;
const POSTER_WIDTH = 750;
const AVATAR_WIDTH = 72;
/** content-detail's video flag (spec §7: '1' when opened from a video list; contract CONTENT_DETAIL_VIDEO_HEADER). */
const VIDEO_LIST_CALL = { headers: { video: '1' } };

interface Props {
  /** The hot-video list (content.hotVideoList), shared with the list screen through the cache. */
  list: InfiniteList<FeedCard>;
  /** The video tapped (or in the URL): the player opens on it. */
  startId: number;
  /** The video on screen changed (the URL follows it, so a reload opens it again). */
  onShow: (contentId: number) => void;
  onClose: () => void;
}

/**
 * The full-screen hot-video player (a lazy chunk of the hot-video screen): one video a screen,
 * swiped up for the next and down for the previous (scroll snapping, as in video apps), with the
 * arrow keys and the previous / next buttons as the same moves; the video on screen plays, the
 * others wait. Near the end of what is loaded it loads the list's next page. Each slide reads its
 * content's detail for the clip (the list carries covers, titles and authors, not clips).
 */
export function HotVideoPlayer({ list, startId, onShow, onClose }: Props) {
  const { state, loadMore } = list;
  // The tapped video first when the loaded pages do not hold it (an old link, a reload deep down).
  const [pinned] = useState(() => (state.items.some((card) => card.contentId === startId) ? null : startId));
  const slides: { contentId: number; card: FeedCard | null }[] = state.items
    .filter((card) => card.contentId !== pinned)
    .map((card) => ({ contentId: card.contentId, card }));
  if (pinned !== null) slides.unshift({ contentId: pinned, card: null });
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      slides.findIndex((s) => s.contentId === startId),
    ),
  );
  const scroller = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const current = slides[index];
  const atEnd = index >= slides.length - 1 && !state.hasMore;

  // Opens on the tapped video, without an animation; the page behind keeps its place, unscrolled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = index * box.clientHeight;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    close.current?.focus({ preventScroll: true });
    return () => {
      root.style.overflow = overflow;
    };
  }, []);

  // The slide that fills the screen is the current one (observed again when a page adds slides).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slides are the scroller's children
  useEffect(() => {
    const box = scroller.current;
    if (!box || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) setIndex(Number((entry.target as HTMLElement).dataset.index));
      },
      { root: box, threshold: 0.6 },
    );
    for (const slide of box.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [slides.length]);

  const shownId = current?.contentId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the video on screen only
  useEffect(() => {
    if (shownId !== undefined) onShow(shownId);
  }, [shownId]);
  useEffect(() => {
    if (state.hasMore && !state.loading && !state.failed && index >= state.items.length - LOAD_AHEAD)
      loadMore();
  }, [index, state.items.length, state.hasMore, state.loading, state.failed, loadMore]);

  const go = (step: 1 | -1) => {
    const box = scroller.current;
    const target = index + step;
    if (!box || target < 0 || target >= slides.length) return;
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    box.scrollTo({ top: target * box.clientHeight, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <div
      className={styles.player}
      role="dialog"
      aria-modal="true"
      aria-label={VIDEO_TEXT.player}
      data-testid="video-player"
      data-index={index}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'PageDown') go(1);
        else if (event.key === 'ArrowUp' || event.key === 'PageUp') go(-1);
        else if (event.key === 'Escape') onClose();
        else return;
        event.preventDefault();
      }}
    >
      <div className={styles.slides} ref={scroller} data-testid="video-slides">
        {slides.map((slide, i) => (
          <Slide
            key={slide.contentId}
            index={i}
            contentId={slide.contentId}
            card={slide.card}
            active={i === index}
            near={Math.abs(i - index) <= 1}
          />
        ))}
      </div>
      <button
        ref={close}
        type="button"
        className={styles.close}
        onClick={onClose}
        aria-label={VIDEO_TEXT.close}
        data-testid="player-close"
      />
      <div className={styles.steps}>
        <button
          type="button"
          className={`${styles.step} ${styles.up}`}
          onClick={() => go(-1)}
          disabled={index === 0}
          aria-label={VIDEO_TEXT.previous}
          data-testid="player-previous"
        />
        <button
          type="button"
          className={styles.step}
          onClick={() => go(1)}
          disabled={index >= slides.length - 1}
          aria-label={VIDEO_TEXT.next}
          data-testid="player-next"
        />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {atEnd ? VIDEO_TEXT.end : ''}
      </p>
    </div>
  );
}

interface SlideProps {
  index: number;
  contentId: number;
  card: FeedCard | null;
  /** On screen: plays. */
  active: boolean;
  /** On screen or next to it: its clip is loaded (the neighbours' ready for the swipe). */
  near: boolean;
}

/** One video a screen: the cover until the clip plays, then the clip; title, author and light over it. */
function Slide({ index, contentId, card, active, near }: SlideProps) {
  const lowDevice = useLowDeviceAtMount();
  const [detail] = useEntry('content.contentDetail', { contentId }, null, VIDEO_LIST_CALL);
  const loaded = detail.status === 'ready' ? detail.data : null;
  const title = card?.title ?? loaded?.title ?? '';
  const author = card?.author ?? loaded?.author ?? null;
  const cover = card?.cover ?? loaded?.video?.cover ?? null;
  const seconds = card?.videoDuration ?? loaded?.video?.duration ?? null;
  const lights = card ?? loaded;
  return (
    <section
      className={styles.slide}
      aria-label={title}
      aria-hidden={!active || undefined}
      data-testid="player-slide"
      data-index={index}
      data-content-id={contentId}
      data-active={active || undefined}
    >
      {near && loaded?.video ? (
        <Clip
          url={loaded.video.url}
          poster={cover ? optimiseImageUrl(cover.url, { width: POSTER_WIDTH, lowDevice }) : undefined}
          active={active}
          seconds={seconds}
        />
      ) : cover ? (
        <img
          className={styles.media}
          src={optimiseImageUrl(cover.url, { width: POSTER_WIDTH, lowDevice })}
          alt=""
          decoding="async"
          loading={near ? 'eager' : 'lazy'}
        />
      ) : null}
      {detail.status === 'failed' || detail.status === 'missing' ? (
        <p className={styles.notice} role="alert">
          {VIDEO_TEXT.failed}
        </p>
      ) : null}
      <div className={styles.info}>
        {author ? (
          <JumpLink
            jump={USER_DETAIL_JUMP}
            params={{ userId: author.userId }}
            className={styles.author}
            tabIndex={active ? undefined : -1}
            data-testid="player-author"
          >
            <img
              className={styles.avatar}
              src={optimiseImageUrl(author.avatar, { width: AVATAR_WIDTH })}
              width={36}
              height={36}
              alt=""
              loading="lazy"
            />
            <span>@{author.userName}</span>
          </JumpLink>
        ) : null}
        {/* The caption leads to the content's page (its text, comments, products); back returns here. */}
        <h2 className={styles.title} data-testid="player-title">
          <Link
            to={`/community/content/${contentId}`}
            tabIndex={active ? undefined : -1}
            data-testid="player-detail"
          >
            {title}
          </Link>
        </h2>
      </div>
      {lights ? (
        <div className={styles.side} inert={!active || undefined}>
          <Light contentId={contentId} isLight={lights.isLight} lightCount={lights.lightCount} />
        </div>
      ) : null}
    </section>
  );
}

/** The light (like) toggle, white on the video; the one toggle of the detail's bar underneath (use-light). */
function Light({
  contentId,
  isLight,
  lightCount,
}: {
  contentId: number;
  isLight: boolean;
  lightCount: number;
}) {
  const light = useLight(contentId, { isLight, lightCount });
  return (
    <button
      type="button"
      className={styles.light}
      onClick={light.toggle}
      aria-pressed={light.isLight}
      data-testid="player-light"
    >
      <span className={styles.heart} aria-hidden="true" />
      <span className="visually-hidden">{VIDEO_TEXT.light}</span>
      <span data-testid="player-light-count">
        {light.lightCount > 0 ? formatCount(light.lightCount) : VIDEO_TEXT.light}
      </span>
    </button>
  );
}

/** The clip: plays while on screen (with sound where the browser allows, else muted, with a sound button); a tap pauses and resumes. */
function Clip({
  url,
  poster,
  active,
  seconds,
}: {
  url: string;
  poster: string | undefined;
  active: boolean;
  seconds: number | null;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(true);
  const [started, setStarted] = useState(false);
  const [muted, setMuted] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (!active) {
      v.pause();
      v.currentTime = 0;
      return;
    }
    v.play().catch((error: unknown) => {
      // Sound needs a user's tap in this browser: play muted and offer the sound. (A play cut
      // short by a pause, the reader having swiped on, is no such refusal.)
      if ((error as Error | null)?.name !== 'NotAllowedError' || v.dataset.active === undefined) return;
      v.muted = true;
      setMuted(true);
      v.play().catch(() => undefined);
    });
  }, [active]);
  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) void v.play().catch(() => undefined);
    else v.pause();
  };
  return (
    <>
      <video
        ref={video}
        className={styles.media}
        src={url}
        poster={poster}
        playsInline
        loop
        preload={active ? 'auto' : 'metadata'}
        muted={muted}
        aria-label={VIDEO_TEXT.label}
        data-testid="player-video"
        data-active={active || undefined}
        onPlay={() => setPaused(false)}
        onPlaying={() => setStarted(true)}
        onPause={() => setPaused(true)}
        onError={() => setFailed(true)}
        onClick={toggle}
      />
      {started ? null : (
        // The cover over the clip until its first frame: the same box and fit, no jump in scale.
        <button
          type="button"
          className={styles.cover}
          onClick={toggle}
          tabIndex={active ? undefined : -1}
          // The duration it shows is in its name too (axe: label-content-name-mismatch).
          aria-label={
            seconds === null
              ? VIDEO_TEXT.play
              : `${VIDEO_TEXT.play}，${VIDEO_TEXT.duration(formatDuration(seconds))}`
          }
        >
          {poster ? <img className={styles.media} src={poster} alt="" /> : null}
          {seconds !== null ? <span className={styles.duration}>{formatDuration(seconds)}</span> : null}
        </button>
      )}
      {started && paused && active ? (
        <button
          type="button"
          className={styles.paused}
          onClick={toggle}
          aria-label={VIDEO_TEXT.resume}
          data-testid="player-resume"
        />
      ) : null}
      {muted && active ? (
        <button
          type="button"
          className={styles.sound}
          onClick={() => {
            const v = video.current;
            if (v) v.muted = false;
            setMuted(false);
          }}
          data-testid="player-unmute"
        >
          {VIDEO_TEXT.unmute}
        </button>
      ) : null}
      {failed ? (
        <p className={styles.notice} role="alert">
          {VIDEO_TEXT.failed}
        </p>
      ) : null}
    </>
  );
}
