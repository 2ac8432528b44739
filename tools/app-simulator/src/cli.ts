// `npm run app-sim -- [options]`: the site in a simulated app webview, for people (see CLI_USAGE).

import { launchAppSimulator } from './app-simulator';
import { CLI_USAGE, type CliOptions, parseCliArgs } from './cli-args';

const HYDRATION_TIMEOUT_MS = 20_000;
/** Past the page wrapper's platform-info hold (spec §2: 1 s) and the sheets' animations. */
const SETTLE_MS = 1200;

const say = (line: string) => console.log(`[app-sim] ${line}`);

async function run(cli: CliOptions): Promise<void> {
  if (!cli.headless && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY && process.platform === 'linux') {
    throw new Error('no display for a browser window: use --headless, or --screenshot out.png');
  }
  const baseURL = new URL(cli.url).origin;
  say(
    `launching ${cli.headless ? 'headless' : 'headed'} Chromium as CommunityApp ${cli.appVersion} (${cli.platform})` +
      `${cli.cookieSync ? '' : ', no cookie sync'}${cli.autoSolveCaptcha ? ', auto captcha' : ''}`,
  );
  const sim = await launchAppSimulator({
    baseURL,
    appVersion: cli.appVersion,
    platform: cli.platform,
    headless: cli.headless,
    cookieSync: cli.cookieSync,
    autoSolveCaptcha: cli.autoSolveCaptcha,
    ...(cli.injectHostLate !== null ? { injectHostLate: cli.injectHostLate } : {}),
    ...(cli.signSecret ? { signSecret: cli.signSecret } : {}),
    ...(cli.userAgentVersion !== null ? { userAgentVersion: cli.userAgentVersion } : {}),
    captchaSession: cli.captchaSession,
    ...(cli.statusBarHeight !== null ? { platformInfo: { statusBarHeight: cli.statusBarHeight } } : {}),
    device: cli.device,
    log: say,
  });
  try {
    if (cli.login) {
      const tokens = await sim.login();
      say(`logged in as user ${tokens.duToken.split('|')[1] ?? '?'}`);
    }
    sim.page.on('console', (m) => m.type() === 'error' && say(`console error: ${m.text()}`));
    sim.page.on('pageerror', (e) => say(`page error: ${e.message}`));
    say(`opening ${cli.url}`);
    await sim.page.goto(cli.url);
    await sim.page
      .waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: HYDRATION_TIMEOUT_MS })
      .then(() => say('hydrated'))
      .catch(() =>
        say(`not hydrated after ${HYDRATION_TIMEOUT_MS} ms (no html[data-hydrated=true]); going on`),
      );
    if (cli.screenshot) {
      await sim.page.waitForTimeout(SETTLE_MS);
      await sim.page.screenshot({ path: cli.screenshot });
      say(`screenshot saved to ${cli.screenshot}`);
      return;
    }
    say('running; close the window or press Ctrl-C to quit');
    await new Promise<void>((resolve) => {
      sim.page.once('close', () => resolve());
      process.once('SIGINT', () => resolve());
    });
  } finally {
    await sim.close();
    say('closed');
  }
}

let cli: CliOptions;
try {
  cli = parseCliArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${CLI_USAGE}`);
  process.exit(2);
}
if (cli.help) {
  console.log(CLI_USAGE);
} else {
  await run(cli).catch((error: unknown) => {
    console.error(`[app-sim] ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
