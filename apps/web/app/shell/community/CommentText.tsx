import styles from './Comment.module.css';
import { splitEmojiTokens } from './comment-tokens';

/** Comment text with `[name]` tokens as inline emoji images; built as elements, never as HTML. */
export function CommentText({ text, mapping }: { text: string; mapping: ReadonlyMap<string, string> }) {
  return (
    <>
      {splitEmojiTokens(text, mapping).map((part, i) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string, in order
          <span key={i}>{part.text}</span>
        ) : (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string, in order
            key={i}
            className={styles.emoji}
            src={part.url}
            alt={`[${part.name}]`}
            width={20}
            height={20}
            loading="lazy"
          />
        ),
      )}
    </>
  );
}
