import { parseArgs } from 'node:util';
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
  help: boolean;
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
    help: values.help,
  };
}
