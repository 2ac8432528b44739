import { useCallback, useEffect, useState } from 'react';
import { AUTH_TEXT } from '../../lib/ui-text/auth';
import { useApi } from '../../lib/use-api';
import styles from './login.module.css';

/** The code sent last: the outbox lists newest first, but the time decides, not the order. */
export function newestCode(messages: readonly { code: string; sentAt: string }[]): string | null {
  let newest: { code: string; sentAt: string } | undefined;
  for (const m of messages) if (!newest || Date.parse(m.sentAt) > Date.parse(newest.sentAt)) newest = m;
  return newest?.code ?? null;
}

interface Props {
  phone: string;
  /** Bumped after each code sent, to fetch the outbox again. */
  sentCount: number;
}

/** Development only: the latest code "sent" to the phone, read from the server's outbox. */
export function DevOutbox({ phone, sentCount }: Props) {
  const api = useApi();
  const [latest, setLatest] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const { messages } = await api('auth.loginOutbox', { phone });
      setLatest(newestCode(messages));
    } catch (error) {
      console.warn('dev outbox unavailable', error);
      setLatest(null);
    }
  }, [api, phone]);

  useEffect(() => {
    if (sentCount > 0) void refresh();
  }, [sentCount, refresh]);

  return (
    <aside className={styles.outbox} aria-label={AUTH_TEXT.devOutboxTitle} data-testid="dev-outbox">
      <div className={styles.outboxHead}>
        <strong>{AUTH_TEXT.devOutboxTitle}</strong>
        <button type="button" className={styles.linkButton} onClick={() => void refresh()}>
          {AUTH_TEXT.devOutboxRefresh}
        </button>
      </div>
      <p className={latest ? styles.outboxCode : styles.outboxEmpty} data-testid="dev-outbox-code">
        {latest ?? AUTH_TEXT.devOutboxEmpty}
      </p>
      <p className={styles.outboxNote}>{AUTH_TEXT.devOutboxNote}</p>
    </aside>
  );
}
