import { type Emoji, REPLY_MAX_LENGTH } from '@h5/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { COMMENT_TEXT } from '../../lib/ui-text/comments';
import styles from './CommentComposer.module.css';
import { type ReplyTarget, readDraft, saveDraft } from './comment-draft';
import { insertEmojiToken } from './comment-tokens';

export interface CommentComposerProps {
  contentId: number;
  emojis: Emoji[];
  /** The comment being answered, or null for a comment on the content. */
  to: ReplyTarget | null;
  /** Shown; closed, the sheet stays mounted and hidden, its text as left. */
  open: boolean;
  /** Back to a comment on the content (the draft to `to` stays). */
  onCancelReply: () => void;
  /** Closes the sheet (the draft stays). */
  onClose: () => void;
  /** Posts the text; resolves true when it was posted (the draft is then dropped). */
  onSend: (content: string) => Promise<boolean>;
}

const FOCUSABLE = 'button:not(:disabled), textarea, [href], input';

/** How far the on-screen keyboard covers the layout viewport (0 without one, or where it resizes the page). */
function keyboardInset(): number {
  const view = window.visualViewport;
  if (!view) return 0;
  return Math.max(0, Math.round(window.innerHeight - view.height - view.offsetTop));
}

/**
 * Issue 28 point 2: the one comment composer, a bottom sheet over the page that sits above the
 * keyboard, opened from the bottom bar's 说点什么…, a comment's 回复 or a tap on a comment. It
 * names whom it answers, never scrolls the page (the reader keeps their place), keeps its draft
 * per content and addressee through a login and a reload (comment-draft.ts), and is a modal
 * dialog: labelled by its title, focus inside while open and back where it was after, Escape
 * or a tap outside closes it. Its own chunk: loaded when the comment section has settled.
 */
export default function CommentComposer({
  contentId,
  emojis,
  to,
  open,
  onCancelReply,
  onClose,
  onSend,
}: CommentComposerProps) {
  const [text, setText] = useState(() => readDraft(contentId, to));
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const pickerId = useId();
  const counterId = useId();

  useEffect(() => {
    if (!open) return;
    // Focus the text (the keyboard opens) without scrolling the page; give focus back on close.
    const before = document.activeElement as HTMLElement | null;
    const area = input.current;
    area?.focus({ preventScroll: true });
    area?.setSelectionRange(area.value.length, area.value.length);
    saveDraft(contentId, to, area?.value ?? '', true);
    return () => {
      // Closed without a page load (sent, closed, or the page left in the app): not open next time.
      saveDraft(contentId, to, readDraft(contentId, to), false);
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, [contentId, to, open]);

  useEffect(() => {
    if (!open) return;
    // Above the keyboard where it covers the page instead of resizing it (visualViewport).
    const view = window.visualViewport;
    const place = () => sheet.current?.style.setProperty('--keyboard-inset', `${keyboardInset()}px`);
    place();
    view?.addEventListener('resize', place);
    view?.addEventListener('scroll', place);
    return () => {
      view?.removeEventListener('resize', place);
      view?.removeEventListener('scroll', place);
    };
  }, [open]);

  const change = (value: string) => {
    setText(value);
    saveDraft(contentId, to, value, true);
  };

  const close = () => {
    saveDraft(contentId, to, text, false);
    onClose();
  };

  const insert = (name: string) => {
    const area = input.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const next = insertEmojiToken(text, start, end, name);
    if (next.value.length > REPLY_MAX_LENGTH) return;
    change(next.value);
    // Keep the caret after the token so several emoji go in a row.
    requestAnimationFrame(() => {
      area?.focus({ preventScroll: true });
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  const trimmed = text.trim();
  const send = async () => {
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      if (await onSend(trimmed)) {
        saveDraft(contentId, to, '', false);
        setText('');
        setPicker(false);
      }
    } finally {
      setBusy(false);
    }
  };

  /** Escape closes; Tab stays inside the sheet. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const stops = [...(sheet.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const title = to ? COMMENT_TEXT.replyTitle(to.userName) : COMMENT_TEXT.composeTitle;
  const placeholder = to ? COMMENT_TEXT.replyPlaceholder(to.userName) : COMMENT_TEXT.placeholder;
  return (
    <div className={styles.layer} hidden={!open}>
      {/* A tap outside closes the sheet, as Escape does; the close button is the keyboard's way. */}
      <div
        className={styles.backdrop}
        onClick={close}
        aria-hidden="true"
        data-testid="comment-sheet-backdrop"
      />
      <div
        ref={sheet}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        data-testid="comment-sheet"
      >
        <div className={styles.head}>
          <h3 id={titleId} className={styles.title} data-testid="comment-sheet-title">
            {title}
          </h3>
          {to ? (
            <button type="button" className={styles.textButton} onClick={onCancelReply}>
              {COMMENT_TEXT.cancelReply}
            </button>
          ) : null}
          <button
            type="button"
            className={styles.close}
            onClick={close}
            aria-label={COMMENT_TEXT.close}
            data-testid="comment-sheet-close"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
          data-testid="comment-composer"
        >
          <textarea
            ref={input}
            className={styles.input}
            value={text}
            onChange={(event) => change(event.target.value)}
            placeholder={placeholder}
            aria-label={placeholder}
            aria-describedby={counterId}
            maxLength={REPLY_MAX_LENGTH}
            rows={3}
            data-testid="comment-input"
          />
          <div className={styles.bar}>
            <button
              type="button"
              className={styles.emojiToggle}
              aria-expanded={picker}
              aria-controls={pickerId}
              onClick={() => setPicker((open) => !open)}
              disabled={emojis.length === 0}
              data-testid="comment-emoji-toggle"
            >
              <span aria-hidden="true">☺</span> {COMMENT_TEXT.emojiPicker}
            </button>
            <span id={counterId} className={styles.counter}>
              {COMMENT_TEXT.counter(text.length, REPLY_MAX_LENGTH)}
            </span>
            <button
              type="submit"
              className={styles.send}
              disabled={!trimmed || busy}
              aria-busy={busy}
              data-testid="comment-send"
            >
              {busy ? COMMENT_TEXT.sending : COMMENT_TEXT.send}
            </button>
          </div>
          {picker ? (
            <fieldset id={pickerId} className={styles.picker} aria-label={COMMENT_TEXT.emojiPicker}>
              {emojis.map((emoji) => (
                <button
                  key={emoji.name}
                  type="button"
                  className={styles.pick}
                  onClick={() => insert(emoji.name)}
                  aria-label={COMMENT_TEXT.emojiLabel(emoji.name)}
                  data-testid="comment-emoji"
                  data-name={emoji.name}
                >
                  <img src={emoji.url} alt="" width={28} height={28} loading="lazy" />
                  <span className={styles.pickName} aria-hidden="true">
                    {emoji.name}
                  </span>
                </button>
              ))}
            </fieldset>
          ) : null}
        </form>
      </div>
    </div>
  );
}
