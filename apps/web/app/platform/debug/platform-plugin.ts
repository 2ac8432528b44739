import type VConsole from 'vconsole';
import { type DeviceRecord, type Diagnostics, onDiagnostics, readDiagnostics } from '../../lib/diagnostics';
import { DEBUG_TEXT } from '../../lib/ui-text/debug';

type VConsoleClass = typeof VConsole;

const REDRAW_MS = 1000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const time = (ms: number) => new Date(ms).toLocaleTimeString('zh-CN', { hour12: false });
const section = (title: string, testId: string, body: string) =>
  `<section data-testid="${testId}" style="padding:12px;border-bottom:1px solid #eee"><h3 style="margin:0 0 8px;font-size:14px">${escapeHtml(title)}</h3>${body}</section>`;
const empty = (text: string) => `<p style="margin:0;color:#888">${escapeHtml(text)}</p>`;
const row = (cells: string[], attrs = '') =>
  `<li ${attrs} style="display:flex;gap:8px;font:12px/1.6 monospace">${cells.map((c) => `<span>${c}</span>`).join('')}</li>`;
const list = (rows: string[]) => `<ol style="margin:0;padding:0;list-style:none">${rows.join('')}</ol>`;

const yesNo = (on: boolean) => (on ? DEBUG_TEXT.yes : DEBUG_TEXT.no);
const orUnknown = (value: number | string | null | undefined, unit = '') =>
  value === null || value === undefined ? DEBUG_TEXT.unknown : `${value}${unit}`;

/** The device section: the low-device verdict with the facts it came from, downgrade, platform info. */
function renderDevice(d: DeviceRecord | null): string {
  if (!d) return empty(DEBUG_TEXT.deviceUnknown);
  const fields = DEBUG_TEXT.deviceFields;
  const rows: [keyof typeof fields, string][] = [
    ['lowDevice', yesNo(d.lowDevice)],
    ['memoryGb', orUnknown(d.memoryGb, ' GB')],
    ['cores', orUnknown(d.cores)],
    ['pixelRatio', orUnknown(d.pixelRatio)],
    ['os', d.osMajor === undefined ? d.os : `${d.os} ${d.osMajor}`],
    ['downgraded', yesNo(d.downgraded)],
    ['statusBarHeight', orUnknown(d.statusBarHeight, ' px')],
    ['deviceId', d.deviceId === null ? DEBUG_TEXT.unknown : `${d.deviceId}（${d.deviceIdSource}）`],
  ];
  return list(
    rows.map(([name, value]) => row([escapeHtml(fields[name]), escapeHtml(value)], `data-field="${name}"`)),
  );
}

/**
 * The platform tab's markup: the device, bridge calls, failed API calls (with the codes and server
 * texts users are not shown), the analytics queue and this page's uploads.
 */
export function renderDiagnostics(d: Diagnostics): string {
  const calls = d.bridgeCalls.map((call) =>
    row(
      [
        time(call.startedAt),
        escapeHtml(call.kind),
        escapeHtml(DEBUG_TEXT.callStates[call.state]),
        call.endedAt === undefined ? '' : `${call.endedAt - call.startedAt} ms`,
        escapeHtml(call.error ?? ''),
      ],
      `data-kind="${escapeHtml(call.kind)}" data-state="${call.state}"`,
    ),
  );
  // Two lines a call (when, what; then status / code and the server's text): the path is long.
  const failed = d.failedCalls.map(
    (call) =>
      `<li data-path="${escapeHtml(call.path)}" data-code="${call.code}" style="font:12px/1.6 monospace;margin-bottom:4px;overflow-wrap:anywhere"><div>${time(call.at)} ${escapeHtml(`${call.method} ${call.path}`)}</div><div>${call.httpStatus} / ${call.code} ${escapeHtml(call.detail)}</div></li>`,
  );
  const a = d.analytics;
  const analytics = a
    ? list(
        (
          [
            ['queued', a.queued],
            ['bytes', a.bytes],
            ['inFlight', a.inFlight],
            ['sent', a.sent],
            ['failedBatches', a.failedBatches],
            ['failedPermanently', a.failedPermanently],
            ['beaconed', a.beaconed],
            ['evicted', a.evicted],
            ['expired', a.expired],
            ['storage', a.storage],
            ['sender', a.sender ? DEBUG_TEXT.yes : DEBUG_TEXT.no],
          ] as const
        ).map(([name, value]) =>
          row(
            [escapeHtml(DEBUG_TEXT.analyticsFields[name]), escapeHtml(String(value))],
            `data-field="${name}"`,
          ),
        ),
      )
    : empty(DEBUG_TEXT.analyticsOff);
  const uploads = d.uploads.map((u) =>
    row(
      [
        escapeHtml(u.name),
        `${(u.size / 1_048_576).toFixed(2)} MB`,
        escapeHtml(DEBUG_TEXT.uploadStates[u.state]),
        `${Math.round(u.percent)}%`,
        escapeHtml(u.error ?? ''),
      ],
      `data-state="${u.state}"`,
    ),
  );
  return [
    section(DEBUG_TEXT.device, 'diag-device', renderDevice(d.device)),
    section(
      DEBUG_TEXT.bridgeCalls,
      'diag-bridge',
      calls.length ? list(calls) : empty(DEBUG_TEXT.noBridgeCalls),
    ),
    section(
      DEBUG_TEXT.failedCalls,
      'diag-failed-calls',
      failed.length ? list(failed) : empty(DEBUG_TEXT.noFailedCalls),
    ),
    section(DEBUG_TEXT.analyticsQueue, 'diag-analytics', analytics),
    section(DEBUG_TEXT.uploads, 'diag-uploads', uploads.length ? list(uploads) : empty(DEBUG_TEXT.noUploads)),
  ].join('');
}

/**
 * The platform plugin (DESIGN.md §9): what the page's platform is doing — the device (low-device
 * mode, downgrade, platform info), bridge calls, the analytics queue and uploads in flight —
 * redrawn as they change while the tab is open.
 */
export function createPlatformPlugin(VConsoleCtor: VConsoleClass) {
  const plugin = new VConsoleCtor.VConsolePlugin('h5_platform', DEBUG_TEXT.platformName);
  let root: HTMLElement | null = null;
  let visible = false;
  let stop: (() => void) | null = null;
  // The queue's figures change without an event of ours: redrawn each second while shown.
  let ticker: ReturnType<typeof setInterval> | undefined;
  const draw = () => {
    if (root && visible) root.innerHTML = renderDiagnostics(readDiagnostics());
  };
  plugin.on('renderTab', (callback: (html: HTMLElement) => void) => {
    root = document.createElement('div');
    root.dataset.testid = 'platform-plugin';
    callback(root);
    stop = onDiagnostics(draw);
  });
  plugin.on('show', () => {
    visible = true;
    draw();
    ticker ??= setInterval(draw, REDRAW_MS);
  });
  plugin.on('hide', () => {
    visible = false;
    clearInterval(ticker);
    ticker = undefined;
  });
  plugin.on('remove', () => {
    stop?.();
    clearInterval(ticker);
  });
  return plugin;
}
