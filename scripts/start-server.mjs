// Starts the built server (`node apps/server/dist/main.js`) on a free port with a fresh data
// folder, waits until /healthz answers, and stops it by its own process id. Shared by the
// browser tests and the benchmarks.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMS_STAND_IN_KEY, startSmsStandIn } from './sms-stand-in.mjs';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `${baseURL}/healthz` until it answers 200, the child exits, or the time runs out. */
export async function waitForReady(baseURL, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${baseURL} not ready after ${timeoutMs} ms`);
}

/** Stops a child process by its pid: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** What APP_ENV=pro refuses to start without, as a test server sets it (hosts that resolve nowhere). */
export const PRO_TEST_SETTINGS = {
  FLEXIBLE_STAFFING_SIGN_URL: 'https://sign.test.invalid/flexible-staffing',
  FLEXIBLE_STAFFING_CALLBACK_SECRET: 'test-flexible-staffing-callback-secret',
  APP_SCHEME: 'communityapp',
  APP_STORE_URL_IOS: 'https://store.test.invalid/ios/community',
  APP_STORE_URL_ANDROID: 'https://store.test.invalid/android/community.apk',
  LIVE_WEBHOOK_SECRET: 'test-live-webhook-secret-0031',
  // Aliyun SMS with the stand-in's key; the endpoint (port 9, nothing listens) makes every send
  // fail unless a test points ALIYUN_SMS_ENDPOINT at a running stand-in (startServer does).
  SMS_DRIVER: 'aliyun',
  ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9',
  ALIYUN_SMS_ACCESS_KEY_ID: SMS_STAND_IN_KEY.id,
  ALIYUN_SMS_ACCESS_KEY_SECRET: SMS_STAND_IN_KEY.secret,
  ALIYUN_SMS_SIGN_NAME: '社区测试',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000001',
};

/** PRO_TEST_SETTINGS' SMS part: the Aliyun driver with the stand-in's key. */
const aliyunSettings = () =>
  Object.fromEntries(
    Object.entries(PRO_TEST_SETTINGS).filter(
      ([name]) => name === 'SMS_DRIVER' || name.startsWith('ALIYUN_SMS_'),
    ),
  );

/**
 * Makes backstage operator accounts with `npm run operator`'s program on the server's database,
 * before the server opens it (a PGlite folder has one process at a time). Returns each account
 * as the command line printed it: name, role, the generated password, and the TOTP secret if asked.
 */
function addOperators(serverEnv, operators) {
  return operators.map(({ name, role, totp }) => {
    const args = [join(REPO_ROOT, 'apps/server/dist/operator.js'), 'add', name, '--role', role, '--json'];
    if (totp) args.push('--totp');
    const out = execFileSync(process.execPath, args, { cwd: REPO_ROOT, env: serverEnv, encoding: 'utf8' });
    return JSON.parse(out.trim().split('\n').at(-1));
  });
}

/**
 * Starts the built server with `env` on top of a test environment (fresh PGlite folder,
 * APP_ENV local). `options.operators` ({ name, role, totp? }[]) are made from the command line
 * first. A server sending SMS through Aliyun (APP_ENV=pro, or SMS_DRIVER=aliyun) with no
 * ALIYUN_SMS_ENDPOINT of the caller's gets its own provider stand-in (scripts/sms-stand-in.mjs),
 * returned as `sms`. Returns its base URL, the operators' accounts, `sms` and a stop function.
 */
export async function startServer(env = {}, options = {}) {
  const port = await freePort();
  const aliyun = env.APP_ENV === 'pro' || env.SMS_DRIVER === 'aliyun';
  const sms = aliyun && env.ALIYUN_SMS_ENDPOINT === undefined ? await startSmsStandIn() : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-run-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    APP_ENV: 'local',
    // Same origin in every environment: the production journey runs APP_ENV=pro on localhost.
    API_BASE_URL: '',
    LOG_LEVEL: 'warn',
    // No balancer probes a test server: stop at once on SIGTERM.
    SHUTDOWN_GRACE_MS: '0',
    // What production refuses to start without (the production journey runs APP_ENV=pro).
    ...(env.APP_ENV === 'pro' ? PRO_TEST_SETTINGS : {}),
    ...(aliyun ? aliyunSettings() : {}),
    ...(sms ? { ALIYUN_SMS_ENDPOINT: sms.url } : {}),
    ...env,
  };
  const operators = addOperators(serverEnv, options.operators ?? []);
  const child = spawn(process.execPath, [join(REPO_ROOT, 'apps/server/dist/main.js')], {
    cwd: REPO_ROOT,
    env: serverEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForReady(baseURL, child, 90_000);
  } catch (error) {
    await stopChild(child);
    await sms?.stop();
    throw error;
  }
  return {
    baseURL,
    operators,
    pid: child.pid,
    sms,
    stop: async () => {
      await stopChild(child);
      await sms?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
