import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NativeTokens } from '@h5/bridge';
import { contract } from '@h5/contract';
import { MULTIPART_CHUNK_BYTES } from '@h5/core';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  missingTopologyTools,
  startTopology,
  type Topology,
} from '../../apps/server/src/test-utils/topology';
import { UPLOAD_TEXT } from '../../apps/web/app/lib/ui-text/upload';
import { LIFTED_LIMITS } from '../../scripts/lifted-limits.mjs';
import { REPO_ROOT } from '../../scripts/start-server.mjs';
import { apiLogin, e2eApi, nextPhone } from '../support/api';
import { usePhoneBrowser } from '../support/browser';
import { E2E_SIGN_SECRET } from '../support/constants';
import { addOperatorOn, operatorApi } from '../support/operators';
import { waitForHydration } from '../support/page';
import { loginOnWebPage, setSessionCookies } from '../support/web-login';

// Issue 29 point 6: the topology of `npm run cluster` (three built nodes behind nginx with
// deploy/nginx/community-h5.conf, PostgreSQL primary and streaming replica, PgBouncer, s3rver) runs
// six browser journeys through the balancer — login, light, comment, upload with resume, lottery
// address, invitation sign-up — at once, while nodes are stopped (SIGTERM: drain) and started
// again one after another. No request fails (the browsers' and nginx's own count) and every
// write is in the database afterwards.

const missing = missingTopologyTools();
if (missing.length > 0 && process.env.H5_REQUIRE_CLUSTER_TOOLS === '1')
  throw new Error(`the cluster journeys need ${missing.join(', ')} (.ci/run installs them)`);
const describeCluster = missing.length === 0 ? describe : describe.skip;
if (missing.length > 0) console.warn(`e2e/cluster SKIPPED: needs ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const userIdOf = (tokens: NativeTokens) => Number(tokens.duToken.split('|')[1]);
/** The upload's size: ten parts, the last one short. */
const FILE_BYTES = 9 * MULTIPART_CHUNK_BYTES + 300_000;

/** One row count on the primary. */
async function countOn(databaseUrl: string, sql: string, values: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows[0].n as number;
  } finally {
    await client.end();
  }
}

describeCluster('journeys through the balancer while nodes restart (issue 29 point 6)', () => {
  const phone = usePhoneBrowser();
  let topology: Topology;
  let baseURL: string;
  const dir = mkdtempSync(join(tmpdir(), 'h5-e2e-cluster-'));
  /** What the browsers saw fail: a 5xx answer, or a request that got none. */
  const browserFailures: string[] = [];

  beforeAll(async () => {
    for (const built of ['apps/server/dist/main.js', 'apps/web/build/server/index.js'])
      if (!existsSync(join(REPO_ROOT, built)))
        throw new Error(`${built} is missing: run \`npm run build\` first`);
    topology = await startTopology({ env: { SIGN_SECRET: E2E_SIGN_SECRET, ...LIFTED_LIMITS } });
    baseURL = topology.url;
  }, 180_000);

  afterAll(async () => {
    await topology?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A phone page whose failed requests are counted. */
  async function watchedPage(): Promise<Page> {
    const page = await phone.newPage();
    const context: BrowserContext = page.context();
    context.on('response', (response) => {
      if (response.status() >= 500) browserFailures.push(`${response.status()} ${response.url()}`);
    });
    context.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      // A navigation or unmount cancels requests in flight: the page dropped them, not the server.
      if (reason !== 'net::ERR_ABORTED')
        browserFailures.push(`${reason} ${request.method()} ${request.url()}`);
    });
    return page;
  }

  /** Logs in on the web login page; answers the phone. */
  async function loginJourney() {
    const page = await watchedPage();
    await page.goto(`${baseURL}/login`);
    const number = nextPhone();
    await loginOnWebPage(page, number);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('viewer').waitFor();
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('viewer').waitFor();
    await page.context().close();
    return number;
  }

  /** Lights a content on its page; the light survives reloads (served by any node, read from either database). */
  async function lightJourney(contentId: number) {
    const tokens = await apiLogin(baseURL);
    const page = await watchedPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    const saved = page.waitForResponse((r) => r.url().includes(contract.community.addContentLight.path));
    await page.getByTestId('light-button').click();
    expect((await saved).status()).toBe(200);
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await waitForHydration(page);
      expect(await page.getByTestId('light-button').getAttribute('aria-pressed')).toBe('true');
    }
    await page.context().close();
    return userIdOf(tokens);
  }

  /** Posts a comment from the composer; it is there after reloads. */
  async function commentJourney(contentId: number) {
    const page = await watchedPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    const section = page.getByTestId('comment-section');
    await section.waitFor();
    const text = `集群评论 ${Date.now()}`;
    await page.getByTestId('comment-entry').click();
    await section.getByTestId('comment-input').fill(text);
    const posted = page.waitForResponse((r) => r.url().includes(contract.community.replyAdd.path));
    await section.getByTestId('comment-send').click();
    expect((await posted).status()).toBe(200);
    await section.getByTestId('comment').filter({ hasText: text }).waitFor();
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await waitForHydration(page);
      await page.getByTestId('comment-section').getByTestId('comment').filter({ hasText: text }).waitFor();
    }
    await page.context().close();
    return text;
  }

  /** A multipart upload from the upload console, reloaded mid-way and resumed; the stored object is the file. */
  async function uploadJourney() {
    const bytes = randomBytes(FILE_BYTES);
    const path = join(dir, 'cluster-video.mp4');
    writeFileSync(path, bytes);
    const page = await watchedPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    // Slow the parts down so the reload lands mid-way.
    await page.route(
      (url) => url.searchParams.has('partNumber'),
      async (route) => {
        await sleep(250);
        await route.continue();
      },
    );
    // Part PUTs the page sent, and those the store answered 200, by part number.
    const sent: number[] = [];
    const stored = new Set<number>();
    const partOf = (url: URL, method: string) =>
      method === 'PUT' && url.searchParams.has('partNumber')
        ? Number(url.searchParams.get('partNumber'))
        : null;
    page.on('request', (request) => {
      const part = partOf(new URL(request.url()), request.method());
      if (part !== null) sent.push(part);
    });
    page.on('response', (response) => {
      const part = partOf(new URL(response.url()), response.request().method());
      if (part !== null && response.status() === 200) stored.add(part);
    });
    const openConsole = async () => {
      await waitForHydration(page);
      await page.getByLabel(UPLOAD_TEXT.modes.multipart).check();
      await page.getByTestId('upload-input').setInputFiles(path);
    };
    await page.goto(`${baseURL}/internal/upload`);
    await openConsole();
    await expect.poll(() => stored.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    await page.reload();
    const held = new Set(stored);
    sent.length = 0;
    await openConsole();
    const item = page.locator('[data-testid="upload-item"][data-status="done"]');
    await item.waitFor({ timeout: 120_000 });
    // Resumed, not restarted: no part the store had confirmed was sent again.
    expect(held.size).toBeLessThan(10);
    expect(sent.filter((part) => held.has(part))).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(10 - held.size);
    const key = (await item.getAttribute('data-key')) ?? '';
    await page.context().close();
    const served = Buffer.from(await (await fetch(`${baseURL}/cdn/${key}`)).arrayBuffer());
    expect(createHash('sha256').update(served).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    return key;
  }

  /** A winner enters a live room's lottery, is drawn and gives the address; answers the lottery and winner. */
  async function lotteryJourney() {
    const hostTokens = await apiLogin(baseURL);
    const stream = await e2eApi(baseURL, hostTokens)(contract.live.becomeHost, {});
    await e2eApi(baseURL, hostTokens)(contract.live.startStream, {});
    const liveOps = await operatorApi(addOperatorOn(topology.primaryUrl, 'live_ops'), baseURL);
    const { lotteryId } = await liveOps(contract.lottery.createLottery, {
      streamId: stream.streamId,
      hostUserId: userIdOf(hostTokens),
      prize: '限量联名球鞋',
      quantity: 1,
      entryRule: 'none',
      drawInSeconds: 600,
    });
    const tokens = await apiLogin(baseURL);
    const page = await watchedPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/live/room?roomId=${stream.roomId}`);
    await waitForHydration(page);
    await page.getByTestId('room-lottery').getByTestId('lottery-enter').click();
    await expect.poll(() => page.getByTestId('lottery-card').getAttribute('data-state')).toBe('entered');
    await e2eApi(baseURL)(contract.lottery.drawLottery, { lotteryId });
    await page.goto(`${baseURL}/live/lottery?lotteryId=${lotteryId}`);
    await waitForHydration(page);
    const form = page.getByTestId('lottery-address-form');
    await form.locator('input[name=name]').fill('王小明');
    await form.locator('input[name=mobile]').fill('13900001111');
    await form.locator('input[name=street]').fill('科技园南路 88 号');
    await page.getByTestId('region-省份').selectOption('广东省');
    await page.getByTestId('region-城市').selectOption('深圳市');
    await page.getByTestId('region-区县').selectOption('南山区');
    await page.getByTestId('lottery-address-submit').click();
    await page.getByTestId('lottery-address').waitFor();
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId('lottery-address').textContent()).toContain('科技园南路 88 号');
    await page.context().close();
    return { lotteryId, winnerId: userIdOf(tokens) };
  }

  /** A visitor signs up on an invitation's landing with the SMS code; answers the inviter. */
  async function invitationJourney() {
    const inviterTokens = await apiLogin(baseURL);
    const { code } = await e2eApi(baseURL, inviterTokens)(contract.invite.startInvite, {});
    const page = await watchedPage();
    await page.goto(`${baseURL}/invite/landing?code=${code}`);
    await waitForHydration(page);
    const form = page.getByTestId('invite-signup-form');
    await form.locator('input[name=phone]').fill(nextPhone());
    await page.getByTestId('invite-send-code').click();
    const outbox = page.getByTestId('dev-outbox-code');
    await expect.poll(() => outbox.textContent(), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await form.locator('input[name=code]').fill((await outbox.textContent()) ?? '');
    await page.getByTestId('invite-signup-submit').click();
    await page.waitForURL((url) => url.pathname === '/invite/tasks');
    await page.context().close();
    return userIdOf(inviterTokens);
  }

  it('login, light, comment, upload with resume, lottery address and invitation sign-up: no failed request, nothing lost', async () => {
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 10 });
    const [first, second] = feed.list;
    const started = Date.now();

    // Rolling restarts while the journeys run: a node drains on SIGTERM, exits 0 and comes back.
    let journeysDone = false;
    const restarts: string[] = [];
    const restarting = (async () => {
      await sleep(3_000);
      for (let index = 1; !journeysDone || restarts.length === 0; index = (index % 2) + 1) {
        const at = Date.now() - started;
        const exit = await topology.stopNode(index);
        expect(exit).toEqual({ code: 0, signal: null });
        await topology.startNode(index);
        restarts.push(`node ${index}: stopped at ${at} ms, back at ${Date.now() - started} ms`);
      }
    })();

    let results: [string, number, string, string, { lotteryId: number; winnerId: number }, number];
    try {
      results = await Promise.all([
        loginJourney(),
        lightJourney(first?.contentId ?? 0),
        commentJourney(second?.contentId ?? 0),
        uploadJourney(),
        lotteryJourney(),
        invitationJourney(),
      ]);
    } finally {
      // The nodes are whole again before anything (the topology's stop included) goes on.
      journeysDone = true;
      await restarting;
    }
    const [loginPhone, lighterId, comment, , lottery, inviterId] = results;
    console.log(`cluster journeys: ${Date.now() - started} ms; ${restarts.join('; ')}`);
    // At least one node went down and came back while the journeys ran.
    expect(restarts.length).toBeGreaterThanOrEqual(1);

    // Zero failed requests: what the browsers saw, and every request nginx answered.
    expect(browserFailures).toEqual([]);
    const lines = topology.nginx.accessLog().trim().split('\n');
    const failed = lines.filter((line) => / (5\d\d) \d+ [\d.]+ upstream=/.test(line));
    expect(failed, topology.nginx.errors()).toEqual([]);
    // The balancer really moved requests away from a stopping node (a draining GET's 503, a refusal).
    expect(lines.filter((line) => /upstream_status=\S+, /.test(line)).length).toBeGreaterThan(0);

    // Nothing lost: every write is on the primary.
    const url = topology.primaryUrl;
    expect(await countOn(url, 'select count(*)::int as n from users where phone = $1', [loginPhone])).toBe(1);
    expect(
      await countOn(
        url,
        'select count(*)::int as n from content_lights where user_id = $1 and content_id = $2',
        [lighterId, first?.contentId],
      ),
    ).toBe(1);
    expect(await countOn(url, 'select count(*)::int as n from replies where content = $1', [comment])).toBe(
      1,
    );
    expect(
      await countOn(
        url,
        'select count(*)::int as n from lottery_winners where lottery_id = $1 and user_id = $2 and street = $3',
        [lottery.lotteryId, lottery.winnerId, '科技园南路 88 号'],
      ),
    ).toBe(1);
    expect(
      await countOn(
        url,
        "select count(*)::int as n from invite_bindings where inviter_id = $1 and via = 'sign_up'",
        [inviterId],
      ),
    ).toBe(1);
  }, 240_000);
});
