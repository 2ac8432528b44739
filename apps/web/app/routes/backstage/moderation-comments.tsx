import type { ModeratedComment } from '@h5/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MODERATION_TEXT as m } from '../../lib/ui-text/moderation';
import { useAction } from '../../lib/use-action';
import styles from './ui/backstage.module.css';
import { RolePage } from './ui/RolePage';

/** Hiding a comment by id (issue 30 point 3); a comment report's row links here with `?replyId=`. */
export default function ModerationCommentsPage() {
  const [params] = useSearchParams();
  const [replyId, setReplyId] = useState(params.get('replyId') ?? '');
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState<ModeratedComment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const lookUp = useAction('feedback.moderationComment', { fields: ['replyId'], onDone: setComment });
  const hide = useAction('feedback.moderationHideComment', {
    fields: ['reason'],
    onDone: (answer) => {
      setComment(answer);
      setDone(answer.hidden ? m.hidden : m.shown);
      setReason('');
    },
  });
  const initial = params.get('replyId');
  const { run } = lookUp;
  useEffect(() => {
    if (initial && /^\d+$/.test(initial)) void run({ replyId: Number(initial) });
  }, [initial, run]);
  return (
    <RolePage path="/backstage/moderation/comments">
      <section className={styles.panel}>
        <form
          className={styles.filters}
          aria-label={m.lookUp}
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            void lookUp.run({ replyId: Number(replyId) });
          }}
        >
          <label className={styles.field}>
            {m.commentId}
            <input
              className={styles.input}
              name="replyId"
              inputMode="numeric"
              required
              value={replyId}
              onChange={(event) => setReplyId(event.currentTarget.value)}
            />
          </label>
          <button type="submit" className={styles.primary} disabled={lookUp.busy}>
            {m.lookUp}
          </button>
        </form>
        {lookUp.fieldErrors.replyId || lookUp.error ? (
          <p className={styles.error} role="alert">
            {lookUp.fieldErrors.replyId ?? lookUp.error}
          </p>
        ) : null}
        {comment ? (
          <form
            aria-label={comment.hidden ? m.unhide : m.hide}
            onSubmit={(event) => {
              event.preventDefault();
              void hide.run({ replyId: comment.replyId, hidden: !comment.hidden, reason });
            }}
          >
            <dl>
              <dt>{m.commentText}</dt>
              <dd data-testid="comment-text">{comment.text}</dd>
              <dt>{m.status}</dt>
              <dd>{m.commentState(comment.hidden, comment.hiddenReason)}</dd>
            </dl>
            <label className={styles.field}>
              {m.reason}
              <textarea
                className={styles.textarea}
                name="reason"
                required
                maxLength={200}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
            </label>
            {hide.fieldErrors.reason || hide.error ? (
              <p className={styles.error} role="alert">
                {hide.fieldErrors.reason ?? hide.error}
              </p>
            ) : null}
            <button
              type="submit"
              className={comment.hidden ? styles.button : styles.danger}
              disabled={hide.busy}
            >
              {comment.hidden ? m.unhide : m.hide}
            </button>
            {done ? (
              <p className={styles.note} role="status">
                {done}
              </p>
            ) : null}
          </form>
        ) : null}
      </section>
    </RolePage>
  );
}
