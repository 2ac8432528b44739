import type { LiveConsole } from '@h5/contract';
import { Link } from 'react-router';
import type { EntryName } from '../../lib/data-layer/entry';
import { useEntry } from '../../lib/data-layer/use-entry';
import { liveSearch } from '../../lib/live-context';
import { useRootData } from '../../lib/root-data';
import { LIVE_TEXT, LIVE_CONSOLE_TEXT as text } from '../../lib/ui-text/live';
import { LOTTERY_TEXT } from '../../lib/ui-text/lottery';
import { useAction } from '../../lib/use-action';
import { EntryView } from '../../shell/EntryView';
import { Screen } from '../../shell/Screen';
import styles from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/console';
import live from './live.module.css';

export const meta: Route.MetaFunction = () => [{ title: LIVE_TEXT.consoleTitle }];

type Stream = LiveConsole['streams'][number];
type AudienceKind = 'watch' | 'light' | 'comment' | 'share';

/** What the console plays in a stream: ten minutes watched, ten lights, a comment, a share. */
const AUDIENCE_EVENTS: ReadonlyArray<{ kind: AudienceKind; units: number }> = [
  { kind: 'watch', units: 10 },
  { kind: 'light', units: 10 },
  { kind: 'comment', units: 1 },
  { kind: 'share', units: 1 },
];

/**
 * The internal live-room console (issue 16 point 1; the server's internal-route guard, 404 in
 * production): plays a stream where none runs. Every button calls the domain's event functions.
 */
export default function LiveConsoleScreen() {
  const viewer = useRootData()?.viewer ?? null;
  return (
    <Screen title={LIVE_TEXT.consoleTitle} testId="live-console">
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
    </Screen>
  );
}

/** A console button's call: says done or the refusal, and the live pages and console read again. */
function useConsoleAction<N extends EntryName>(name: N, toast: (message: string) => void) {
  return useAction(name, { invalidates: ['live'], onDone: () => toast(text.done), onError: toast });
}

function ConsoleBody() {
  const [state, reload] = useEntry('live.consoleState', {}, null);
  const [toast, showToast] = useToast();
  return (
    <>
      <EntryView state={state} onRetry={reload}>
        {(data) => <ConsoleState data={data} toast={showToast} />}
      </EntryView>
      <Toast message={toast} testId="console-toast" />
    </>
  );
}

function ConsoleState({ data, toast }: { data: LiveConsole; toast: (message: string) => void }) {
  const viewerId = useRootData()?.viewer?.userId;
  const become = useConsoleAction('live.becomeHost', toast);
  const start = useConsoleAction('live.startStream', toast);
  const end = useConsoleAction('live.endStream', toast);
  const busy = become.busy || start.busy || end.busy;
  const { host, streams } = data;
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
              <ConsoleButton
                label={text.start}
                disabled={busy}
                onClick={() => start.run({})}
                testId="console-start"
              />
              <ConsoleButton
                label={text.end}
                disabled={busy || host.streamLogId === null}
                onClick={() => end.run({})}
                testId="console-end"
              />
              <Link
                className={styles.action}
                to={`/live/host${liveSearch({ streamId: host.streamId, ...(host.streamLogId ? { streamLogId: host.streamLogId } : {}), userRole: 1 })}`}
                data-testid="console-open-host"
              >
                {text.openHost}
              </Link>
              <Link
                className={styles.action}
                to={`/backstage/lotteries?streamId=${host.streamId}&hostUserId=${viewerId ?? ''}`}
                data-testid="console-lottery"
              >
                {LOTTERY_TEXT.start}
              </Link>
            </div>
          </>
        ) : (
          <ConsoleButton
            label={text.becomeHost}
            disabled={busy}
            onClick={() => become.run({})}
            testId="console-become-host"
            className={styles.primary}
          />
        )}
      </section>
      <section className={styles.card}>
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>{text.streams}</h2>
        </div>
        {streams.length === 0 ? <p className={styles.note}>{text.noStreams}</p> : null}
        <ul className={styles.rows}>
          {streams.map((s) => (
            <StreamRow key={s.streamLogId} stream={s} own={s.streamId === host?.streamId} toast={toast} />
          ))}
        </ul>
      </section>
    </>
  );
}

function StreamRow({
  stream,
  own,
  toast,
}: {
  stream: Stream;
  /** The caller's own stream: a host is not a member of their own group. */
  own: boolean;
  toast: (message: string) => void;
}) {
  const join = useConsoleAction('live.joinGroup', toast);
  const audience = useConsoleAction('live.audienceEvent', toast);
  const busy = join.busy || audience.busy;
  const { streamLogId } = stream;
  const event = (kind: AudienceKind, units: number) => void audience.run({ streamLogId, kind, units }, kind);
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
        <ConsoleButton
          label={stream.member ? text.joined : text.join}
          disabled={own || stream.member || busy}
          onClick={() => join.run({ streamId: stream.streamId })}
          testId="console-join"
        />
        {AUDIENCE_EVENTS.map(({ kind, units }) => (
          <ConsoleButton
            key={kind}
            label={kind === 'watch' ? text.watch(units) : text[kind]}
            disabled={busy}
            onClick={() => event(kind, units)}
            testId={`console-${kind}`}
          />
        ))}
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

/** One of the console's buttons: a call, off while any of the card's calls runs. */
function ConsoleButton({
  label,
  disabled,
  onClick,
  testId,
  className = styles.action,
}: {
  label: string;
  disabled: boolean;
  onClick: () => unknown;
  testId: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      onClick={() => void onClick()}
      data-testid={testId}
    >
      {label}
    </button>
  );
}
