import type { LiveConsole } from '@h5/contract';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { liveSearch } from '../../lib/live-context';
import { useRootData } from '../../lib/root-data';
import { LIVE_TEXT, LIVE_CONSOLE_TEXT as text } from '../../lib/ui-text/live';
import { LOTTERY_TEXT } from '../../lib/ui-text/lottery';
import { useApi } from '../../lib/use-api';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import styles from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/console';
import live from './live.module.css';
import { useOnce } from './use-once';

export const meta: Route.MetaFunction = () => [{ title: LIVE_TEXT.consoleTitle }];

type Stream = LiveConsole['streams'][number];

/**
 * The internal live-room console (issue 16 point 1; the server's internal-route guard, 404 in
 * production): plays a stream where none runs. Every button calls the domain's event functions.
 */
export default function LiveConsoleScreen() {
  const viewer = useRootData()?.viewer ?? null;
  return (
    <div className={styles.screen} data-testid="live-console">
      <PageHeader title={LIVE_TEXT.consoleTitle} fallback="/" />
      <main className={styles.main}>
        <p className={styles.note}>{text.intro}</p>
        {viewer ? (
          <ConsoleBody />
        ) : (
          <Link
            className={styles.primary}
            style={{ display: 'grid', placeItems: 'center' }}
            to={`/login?redirect=${encodeURIComponent('/internal/live-console')}`}
            data-testid="console-login"
          >
            {text.login}
          </Link>
        )}
      </main>
    </div>
  );
}

function ConsoleBody() {
  const api = useApi();
  const [state, reload] = useEntry('live.consoleState', {}, null);
  const [toast, showToast] = useToast();
  const { run, busy } = useOnce<string>();
  const viewerId = useRootData()?.viewer?.userId;
  const act = useCallback(
    (key: string, call: () => Promise<unknown>) =>
      void run(key, async () => {
        try {
          await call();
          showToast(text.done);
        } catch (failure) {
          showToast(failure instanceof Error ? failure.message : String(failure));
        }
        invalidate('live');
        reload();
      }),
    [run, reload, showToast],
  );
  if (state.status === 'loading') return <div className={styles.skeleton} />;
  if (state.status !== 'ready') return <Placeholder type="networkError" onRetry={reload} />;
  const { host, streams } = state.data;
  return (
    <>
      <section className={styles.card} data-testid="console-host">
        {host ? (
          <>
            <p className={styles.rowTitle}>{text.myStream(host.streamId, host.roomId)}</p>
            <p className={styles.note} data-testid="console-my-log">
              {host.groupName} · {text.myLog(host.streamLogId)}
            </p>
            <div className={live.buttons} style={{ marginTop: 'var(--space-1)' }}>
              <button
                type="button"
                className={styles.action}
                disabled={busy !== null}
                onClick={() => act('start', () => api('live.startStream', {}))}
                data-testid="console-start"
              >
                {text.start}
              </button>
              <button
                type="button"
                className={styles.action}
                disabled={busy !== null || host.streamLogId === null}
                onClick={() => act('end', () => api('live.endStream', {}))}
                data-testid="console-end"
              >
                {text.end}
              </button>
              <Link
                className={styles.action}
                to={`/live/host${liveSearch({ streamId: host.streamId, ...(host.streamLogId ? { streamLogId: host.streamLogId } : {}), userRole: 1 })}`}
                data-testid="console-open-host"
              >
                {text.openHost}
              </Link>
              <Link
                className={styles.action}
                to={`/internal/lottery?streamId=${host.streamId}&hostUserId=${viewerId ?? ''}`}
                data-testid="console-lottery"
              >
                {LOTTERY_TEXT.start}
              </Link>
            </div>
          </>
        ) : (
          <button
            type="button"
            className={styles.primary}
            disabled={busy !== null}
            onClick={() => act('become', () => api('live.becomeHost', {}))}
            data-testid="console-become-host"
          >
            {text.becomeHost}
          </button>
        )}
      </section>
      <section className={styles.card}>
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>{text.streams}</h2>
        </div>
        {streams.length === 0 ? <p className={styles.note}>{text.noStreams}</p> : null}
        <ul className={styles.rows}>
          {streams.map((s) => (
            <StreamRow
              key={s.streamLogId}
              stream={s}
              own={s.streamId === host?.streamId}
              busy={busy}
              act={act}
            />
          ))}
        </ul>
      </section>
      <Toast message={toast} testId="console-toast" />
    </>
  );
}

function StreamRow({
  stream,
  own,
  busy,
  act,
}: {
  stream: Stream;
  /** The caller's own stream: a host is not a member of their own group. */
  own: boolean;
  busy: string | null;
  act: (key: string, call: () => Promise<unknown>) => void;
}) {
  const api = useApi();
  const { streamLogId } = stream;
  const event = (kind: 'watch' | 'light' | 'comment' | 'share', units: number) =>
    act(`${streamLogId}-${kind}`, () => api('live.audienceEvent', { streamLogId, kind, units }));
  return (
    <li
      className={styles.row}
      data-testid="console-stream"
      data-stream-id={stream.streamId}
      style={{ flexDirection: 'column', alignItems: 'stretch' }}
    >
      <span className={styles.rowText}>
        <span className={styles.rowTitle}>
          {stream.title} · {stream.host.userName}
        </span>
        <span className={styles.note}>
          streamId {stream.streamId} · streamLogId {streamLogId} · roomId {stream.roomId}
        </span>
      </span>
      <div className={live.buttons}>
        <button
          type="button"
          className={styles.action}
          disabled={own || stream.member || busy !== null}
          onClick={() =>
            act(`${streamLogId}-join`, () => api('live.joinGroup', { streamId: stream.streamId }))
          }
          data-testid="console-join"
        >
          {stream.member ? text.joined : text.join}
        </button>
        <button
          type="button"
          className={styles.action}
          disabled={busy !== null}
          onClick={() => event('watch', 10)}
          data-testid="console-watch"
        >
          {text.watch(10)}
        </button>
        <button
          type="button"
          className={styles.action}
          disabled={busy !== null}
          onClick={() => event('light', 10)}
          data-testid="console-light"
        >
          {text.light}
        </button>
        <button
          type="button"
          className={styles.action}
          disabled={busy !== null}
          onClick={() => event('comment', 1)}
          data-testid="console-comment"
        >
          {text.comment}
        </button>
        <button
          type="button"
          className={styles.action}
          disabled={busy !== null}
          onClick={() => event('share', 1)}
          data-testid="console-share"
        >
          {text.share}
        </button>
        <Link
          className={styles.note}
          to={`/live/fans-group${liveSearch({ streamId: stream.streamId, streamLogId })}`}
          data-testid="console-open-fans"
        >
          {text.openFans}
        </Link>
      </div>
    </li>
  );
}
