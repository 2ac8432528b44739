// Issue 28 point 10: sharing in a browser says what happened. A bottom sheet (a modal <dialog>:
// focus kept inside, Esc and the backdrop close it, focus back on the share button) that shows
// the link and whether it was copied, WeChat's hint in WeChat, and a poster with the link's QR
// code to save. Loaded on the first share (share-action.ts), never with a page: DESIGN.md §8.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { SHARE_PANEL_TEXT as text } from '../lib/ui-text/share-panel';
import { showSheet } from '../shell/sheet-host';
import styles from './SharePanel.module.css';
import type { ShareInfo } from './share-info';

/** What copying the link did as the panel opened: copied, failed, or not tried (WeChat). */
export type CopyOutcome = 'copied' | 'failed' | null;

export interface SharePanelProps {
  info: ShareInfo;
  copied: CopyOutcome;
  /** In WeChat's browser: its menu shares (the JS-SDK has the share info); the panel says where. */
  wechat: boolean;
  /** Copies the link again (the bridge's clipboard); true when it did. */
  copy: () => Promise<boolean>;
  /** The browser's own share sheet, where there is one. */
  systemShare?: (() => Promise<void>) | undefined;
  onClose: () => void;
}

type Poster = { state: 'idle' | 'making' | 'failed' } | { state: 'ready'; url: string };

const statusOf = (copied: CopyOutcome) =>
  copied === 'copied' ? text.linkCopied : copied === 'failed' ? text.copyFailed : '';

export function SharePanel({ info, copied, wechat, copy, systemShare, onClose }: SharePanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [status, setStatus] = useState(() => statusOf(copied));
  const [poster, setPoster] = useState<Poster>({ state: 'idle' });

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const close = useCallback(() => dialog.current?.close(), []);

  const copyAgain = useCallback(async () => {
    setStatus('');
    setStatus(statusOf((await copy()) ? 'copied' : 'failed'));
  }, [copy]);

  const makePoster = useCallback(async () => {
    setPoster({ state: 'making' });
    try {
      const { drawSharePoster } = await import('./share-poster');
      setPoster({ state: 'ready', url: await drawSharePoster(info) });
    } catch (error) {
      console.warn('share poster failed', error);
      setPoster({ state: 'failed' });
    }
  }, [info]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop's tap; Esc closes the dialog natively.
    <dialog
      ref={dialog}
      className={styles.sheet}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      data-testid="share-panel"
    >
      <div className={styles.body}>
        <header className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {text.title}
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={close}
            aria-label={text.close}
            data-testid="share-panel-close"
          />
        </header>
        {wechat ? (
          <p className={styles.wechat} data-testid="share-panel-wechat">
            {text.wechatHint}
          </p>
        ) : null}
        <div className={styles.linkBox}>
          <p className={styles.linkLabel}>{text.linkLabel}</p>
          <p className={styles.link} data-testid="share-panel-link">
            {info.shareUrl}
          </p>
          <p
            className={styles.status}
            role="status"
            data-copied={status === text.linkCopied}
            data-testid="share-panel-status"
          >
            {status}
          </p>
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.action}
            data-icon="link"
            onClick={() => void copyAgain()}
            data-testid="share-panel-copy"
          >
            {text.copyLink}
          </button>
          <button
            type="button"
            className={styles.action}
            data-icon="poster"
            disabled={poster.state === 'making'}
            onClick={() => void makePoster()}
            data-testid="share-panel-poster"
          >
            {poster.state === 'making' ? text.posterMaking : text.poster}
          </button>
          {systemShare ? (
            <button
              type="button"
              className={styles.action}
              data-icon="more"
              onClick={() => void systemShare().catch(() => undefined)}
              data-testid="share-panel-more"
            >
              {text.more}
            </button>
          ) : null}
        </div>
        {poster.state === 'failed' ? (
          <p className={styles.posterFailed} role="alert">
            {text.posterFailed}
          </p>
        ) : null}
        {poster.state === 'ready' ? (
          <figure className={styles.poster} data-testid="share-poster">
            <img src={poster.url} alt={text.posterAlt(info.shareTitle)} className={styles.posterImage} />
            <figcaption className={styles.posterCaption}>
              {text.posterHint}
              <a href={poster.url} download="share-poster.png" data-testid="share-poster-save">
                {text.posterSave}
              </a>
            </figcaption>
          </figure>
        ) : null}
      </div>
    </dialog>
  );
}

/** Closes the panel. */
export function closeSharePanel(): void {
  showSheet(null);
}

/** Opens the panel over the page (the shell's sheet host: Layers.tsx). */
export function openSharePanel(props: Omit<SharePanelProps, 'onClose'>): void {
  // A new element each time: a second share opens a fresh panel (its dialog shows itself on mount).
  showSheet(<SharePanel key={Date.now()} {...props} onClose={closeSharePanel} />);
}
