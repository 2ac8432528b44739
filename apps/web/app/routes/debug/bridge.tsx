// Internal, outside production: every bridge message, gate and login-gated action on one screen,
// for native developers checking their side and for the browser tests of the platform issue.
import type { Bridge } from '@h5/bridge';
import {
  type AppFeature,
  FEATURE_MIN_VERSIONS,
  LOGIN_GATED_ACTIONS,
  meetsFeature,
  parseAppUserAgent,
} from '@h5/core';
import { useCallback, useEffect, useState } from 'react';
import { useRootData } from '../../lib/root-data';
import { BRIDGE_TEXT } from '../../lib/ui-text/bridge';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { loadPageBridge } from '../../platform/page-bridge';
import { Screen } from '../../shell/Screen';
import { SectionCard } from '../../shell/SectionCard';
import type { Route } from './+types/bridge';
import styles from './bridge.module.css';
import { type ConsoleAction, JUMP_ACTIONS, MESSAGE_ACTIONS } from './bridge-actions';

export function loader({ request }: Route.LoaderArgs) {
  return { userAgent: request.headers.get('user-agent') ?? '' };
}

export const meta: Route.MetaFunction = () => [
  { title: `${BRIDGE_TEXT.title} · ${SHELL_TEXT.siteTitle}` },
  { name: 'robots', content: 'noindex' },
];

interface LogEntry {
  n: number;
  id: string;
  ok: boolean;
  text: string;
}

const describe = (value: unknown) => (value === undefined ? 'ok' : JSON.stringify(value));
const errorText = (error: unknown) => {
  const e = error as { code?: unknown; message?: unknown };
  return e.code !== undefined ? `${String(e.code)} ${String(e.message)}` : String(error);
};

/** A random mainland-format number for the risk demo (codes land in the dev outbox). */
const randomTestPhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const gatedActions: readonly ConsoleAction[] = LOGIN_GATED_ACTIONS.map((name) => ({
  id: `action-${name}`,
  label: BRIDGE_TEXT.gatedLabels[name],
  run: (b) => b.runAction(name, { from: 'bridge-console' }),
}));

const sessionActions: readonly ConsoleAction[] = [
  { id: 'who-am-i', label: BRIDGE_TEXT.whoAmI, run: (_b, api) => api('auth.me', {}) },
  { id: 'login', label: BRIDGE_TEXT.login, run: (b) => b.login() },
  { id: 'platform-info', label: BRIDGE_TEXT.platformInfo, run: (b) => b.getPlatformInfo() },
  // A counted call (login codes per IP): past the server's limit it meets the risk check (485).
  {
    id: 'risk-send-code',
    label: BRIDGE_TEXT.riskSendCode,
    run: (_b, api) => api('auth.sendLoginCode', { phone: randomTestPhone() }),
  },
];

function ActionGrid({
  title,
  actions,
  onRun,
}: {
  title: string;
  actions: readonly ConsoleAction[];
  onRun: (a: ConsoleAction) => void;
}) {
  return (
    <SectionCard title={title}>
      <div className={styles.grid}>
        {actions.map((action) => (
          <button
            key={action.id}
            type="button"
            className={styles.tile}
            data-action={action.id}
            onClick={() => onRun(action)}
          >
            {action.label}
          </button>
        ))}
      </div>
    </SectionCard>
  );
}

export default function BridgeConsole({ loaderData }: Route.ComponentProps) {
  const api = useApi();
  const runtime = useRootData()?.runtime ?? {};
  const app = parseAppUserAgent(loaderData.userAgent);
  const [bridge, setBridge] = useState<Bridge | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [loggedIn, setLoggedIn] = useState<boolean | null>(null);

  useEffect(() => {
    void loadPageBridge(runtime).then((b) => {
      setBridge(b);
      setLoggedIn(b.isLoggedIn());
    });
  }, [runtime]);

  const run = useCallback(
    (action: ConsoleAction) => {
      if (!bridge) return;
      const add = (ok: boolean, text: string) =>
        setLog((entries) => [{ n: (entries[0]?.n ?? 0) + 1, id: action.id, ok, text }, ...entries]);
      action.run(bridge, api).then(
        (result) => add(true, describe(result)),
        (error: unknown) => add(false, errorText(error)),
      );
    },
    [bridge, api],
  );

  const features = Object.keys(FEATURE_MIN_VERSIONS) as AppFeature[];
  return (
    <Screen
      title={BRIDGE_TEXT.title}
      testId="bridge-console"
      data={{ 'data-ready': bridge ? 'true' : undefined }}
    >
      <SectionCard title={BRIDGE_TEXT.environment}>
        <p className={styles.facts}>
          <span data-testid="bridge-in-app">{app.inApp ? BRIDGE_TEXT.inApp : BRIDGE_TEXT.browser}</span>
          <span>
            {BRIDGE_TEXT.version} {app.version}
          </span>
          <span data-testid="bridge-session">
            {loggedIn === null ? BRIDGE_TEXT.pending : loggedIn ? BRIDGE_TEXT.loggedIn : BRIDGE_TEXT.visitor}
          </span>
        </p>
        <table className={styles.gates} aria-label={BRIDGE_TEXT.gates}>
          <thead>
            <tr>
              <th scope="col">{BRIDGE_TEXT.feature}</th>
              <th scope="col">{BRIDGE_TEXT.minVersion}</th>
              <th scope="col">{BRIDGE_TEXT.supported}</th>
            </tr>
          </thead>
          <tbody>
            {features.map((feature) => {
              const native = app.inApp && meetsFeature(app.version, feature);
              return (
                <tr key={feature} data-feature={feature} data-native={native}>
                  <td>{BRIDGE_TEXT.features[feature]}</td>
                  <td>{FEATURE_MIN_VERSIONS[feature]}</td>
                  <td>{native ? BRIDGE_TEXT.supported : BRIDGE_TEXT.fallback}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </SectionCard>
      <ActionGrid title={BRIDGE_TEXT.session} actions={sessionActions} onRun={run} />
      <ActionGrid title={BRIDGE_TEXT.gatedActions} actions={gatedActions} onRun={run} />
      <ActionGrid title={BRIDGE_TEXT.messages} actions={MESSAGE_ACTIONS} onRun={run} />
      <ActionGrid title={BRIDGE_TEXT.jumps} actions={JUMP_ACTIONS} onRun={run} />
      <SectionCard title={BRIDGE_TEXT.log}>
        <ol className={styles.log} aria-live="polite" data-testid="bridge-log">
          {log.length === 0 ? <li className={styles.empty}>{BRIDGE_TEXT.emptyLog}</li> : null}
          {log.map((entry) => (
            <li
              key={entry.n}
              data-action={entry.id}
              data-ok={entry.ok}
              className={entry.ok ? styles.ok : styles.failed}
            >
              <strong>{entry.id}</strong> {entry.text}
            </li>
          ))}
        </ol>
      </SectionCard>
    </Screen>
  );
}
