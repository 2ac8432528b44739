import { parseArgs } from 'node:util';
import type { DeviceFactsOverride } from './types';
import type { SimPlatform } from './user-agent';
import { DEFAULT_SIM_APP_VERSION } from './user-agent';

export const CLI_USAGE = `Usage: npm run app-sim -- [options]

Opens the site in a simulated app webview (375×812, in-app user agent, working native bridge).

  --url <url>               page to open (default http://localhost:3000)
  --app-version <x.y.z>     app version (default ${DEFAULT_SIM_APP_VERSION})
  --platform <ios|android>  default ios
  --headless                no browser window (default: headed, needs a display)
  --screenshot <file.png>   open, wait for hydration, save a screenshot and exit (implies --headless)
  --login                   log the app in first (through the server's development outbox)
  --no-cookie-sync          the app does not write its cookies into the webview (WKWebView problem)
  --auto-captcha            the captcha sheet solves itself (non-production dev-answer endpoint)
  --inject-host-late <ms>   the native host appears this late in every document
  --ua-version <text>       what the user agent's app marker carries instead of --app-version
                            (e.g. beta, or --ua-version= for the marker alone: no parsable version)
  --captcha-without-session the native verify answers {status: 200, code: 1} alone
  --status-bar-height <px>  platform info's statusBarHeight (default 44 on iOS, 24 on Android)
  --device-memory <GB>      navigator.deviceMemory (e.g. 1 for a low device)
  --cores <n>               navigator.hardwareConcurrency
  --pixel-ratio <n>         window.devicePixelRatio (default 3)
  --sign-secret <secret>    the server's SIGN_SECRET (default: its development default)
  --help                    this text`;

export interface CliOptions {
  url: string;
  appVersion: string;
  platform: SimPlatform;
  headless: boolean;
  screenshot: string | null;
  login: boolean;
  cookieSync: boolean;
  autoSolveCaptcha: boolean;
  injectHostLate: number | null;
  signSecret: string | null;
  userAgentVersion: string | null;
  captchaSession: boolean;
  statusBarHeight: number | null;
  device: DeviceFactsOverride;
  help: boolean;
}

/** A positive number flag, or undefined when not given; throws a readable message when bad. */
function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(n > 0) || !Number.isFinite(n)) throw new Error(`--${name} must be a positive number, not ${value}`);
  return n;
}

/** The CLI's options from its arguments; throws with a readable message on a bad one. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      'app-version': { type: 'string', default: DEFAULT_SIM_APP_VERSION },
      platform: { type: 'string', default: 'ios' },
      headless: { type: 'boolean', default: false },
      screenshot: { type: 'string' },
      login: { type: 'boolean', default: false },
      'no-cookie-sync': { type: 'boolean', default: false },
      'auto-captcha': { type: 'boolean', default: false },
      'inject-host-late': { type: 'string' },
      'sign-secret': { type: 'string' },
      'ua-version': { type: 'string' },
      'captcha-without-session': { type: 'boolean', default: false },
      'status-bar-height': { type: 'string' },
      'device-memory': { type: 'string' },
      cores: { type: 'string' },
      'pixel-ratio': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const platform = values.platform;
  if (platform !== 'ios' && platform !== 'android')
    throw new Error(`--platform must be ios or android, not ${platform}`);
  if (!/^\d+\.\d+\.\d+$/.test(values['app-version'])) {
    throw new Error(`--app-version must be major.minor.patch, not ${values['app-version']}`);
  }
  const url = new URL(values.url).href; // throws on a bad URL
  const late = values['inject-host-late'];
  if (late !== undefined && !/^\d+$/.test(late))
    throw new Error(`--inject-host-late must be milliseconds, not ${late}`);
  const statusBar = values['status-bar-height'];
  if (statusBar !== undefined && !/^\d{1,3}$/.test(statusBar))
    throw new Error(`--status-bar-height must be whole CSS pixels, not ${statusBar}`);
  const memoryGb = positive('device-memory', values['device-memory']);
  const cores = positive('cores', values.cores);
  const pixelRatio = positive('pixel-ratio', values['pixel-ratio']);
  return {
    url,
    appVersion: values['app-version'],
    platform,
    headless: values.headless || values.screenshot !== undefined,
    screenshot: values.screenshot ?? null,
    login: values.login,
    cookieSync: !values['no-cookie-sync'],
    autoSolveCaptcha: values['auto-captcha'],
    injectHostLate: late === undefined ? null : Number(late),
    signSecret: values['sign-secret'] ?? null,
    userAgentVersion: values['ua-version'] ?? null,
    captchaSession: !values['captcha-without-session'],
    statusBarHeight: statusBar === undefined ? null : Number(statusBar),
    device: {
      ...(memoryGb !== undefined ? { memoryGb } : {}),
      ...(cores !== undefined ? { cores } : {}),
      ...(pixelRatio !== undefined ? { pixelRatio } : {}),
    },
    help: values.help,
  };
}
