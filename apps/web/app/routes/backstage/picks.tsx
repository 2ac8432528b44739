import { useState } from 'react';
import { BACKSTAGE_TEXT as text } from '../../lib/ui-text/backstage';
import { useAction } from '../../lib/use-action';
import styles from './ui/backstage.module.css';
import { FormError } from './ui/FormError';
import { RolePage } from './ui/RolePage';

/** 内容精选 (issue 30): an editor picks a content as featured; its author's pick report shows it. */
export default function PicksPage() {
  const [contentId, setContentId] = useState('');
  const [reason, setReason] = useState<string>(text.pickDefaultReason);
  const pick = useAction('invite.pickContent', { fields: ['contentId', 'reason'] });
  const [done, setDone] = useState<string | null>(null);
  return (
    <RolePage path="/backstage/picks">
      <section className={styles.panel}>
        <p className={styles.note}>{text.pickNote}</p>
        <form
          className={styles.filters}
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            void pick.run({ contentId: Number(contentId), reason }).then((answer) => {
              if (answer)
                setDone(
                  answer.created
                    ? text.pickCreated(answer.contentId)
                    : text.pickExisting(answer.contentId, answer.reason),
                );
            });
          }}
        >
          <label className={styles.field}>
            {text.pickContentId}
            <input
              className={styles.input}
              name="contentId"
              inputMode="numeric"
              required
              value={contentId}
              onChange={(event) => setContentId(event.currentTarget.value.replace(/\D/g, ''))}
            />
          </label>
          <label className={styles.field}>
            {text.pickReason}
            <input
              className={styles.input}
              name="reason"
              required
              maxLength={40}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          </label>
          <button type="submit" className={styles.primary} disabled={pick.busy}>
            {text.pickSubmit}
          </button>
        </form>
        <FormError action={pick} />
        {done ? (
          <p className={styles.note} role="status" data-testid="pick-done">
            {done}
          </p>
        ) : null}
      </section>
    </RolePage>
  );
}
