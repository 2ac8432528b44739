import { type Emoji, REPLY_MAX_LENGTH, type Reply } from '@h5/contract';
import { forwardRef, useId, useImperativeHandle, useRef, useState } from 'react';
import { COMMENT_TEXT } from '../../lib/ui-text/comments';
import styles from './Comment.module.css';
import { insertEmojiToken } from './comment-tokens';

export interface ComposerHandle {
  focus: () => void;
}

interface Props {
  emojis: Emoji[];
  /** The comment being answered, or null for a comment on the content. */
  replyTo: Reply | null;
  onCancelReply: () => void;
  /** Posts the text; resolves true when it was posted (the text is then cleared). */
  onSend: (content: string) => Promise<boolean>;
}

/** The comment composer: text, an emoji row that inserts `[name]` tokens, and send. */
export const CommentComposer = forwardRef<ComposerHandle, Props>(function CommentComposer(
  { emojis, replyTo, onCancelReply, onSend },
  ref,
) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const pickerId = useId();
  const counterId = useId();
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);

  const insert = (name: string) => {
    const area = input.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const next = insertEmojiToken(text, start, end, name);
    if (next.value.length > REPLY_MAX_LENGTH) return;
    setText(next.value);
    // Keep the caret after the token so several emoji go in a row.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  const trimmed = text.trim();
  const send = async () => {
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      if (await onSend(trimmed)) {
        setText('');
        setPicker(false);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      data-testid="comment-composer"
    >
      {replyTo ? (
        <div className={styles.replyChip}>
          <span>{COMMENT_TEXT.replyPlaceholder(replyTo.author.userName)}</span>
          <button type="button" className={styles.action} onClick={onCancelReply}>
            {COMMENT_TEXT.cancelReply}
          </button>
        </div>
      ) : null}
      <textarea
        ref={input}
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={
          replyTo ? COMMENT_TEXT.replyPlaceholder(replyTo.author.userName) : COMMENT_TEXT.placeholder
        }
        aria-label={
          replyTo ? COMMENT_TEXT.replyPlaceholder(replyTo.author.userName) : COMMENT_TEXT.placeholder
        }
        aria-describedby={counterId}
        maxLength={REPLY_MAX_LENGTH}
        rows={2}
        data-testid="comment-input"
      />
      <div className={styles.composerBar}>
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
  );
});
