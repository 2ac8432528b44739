import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { NativeTokens } from '@h5/bridge';
import { contract } from '@h5/contract';
import { OPERATOR_ROLE_FORBIDDEN } from '@h5/core';
import { isApiError } from '@h5/request';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema';
import { totpOf } from '../../apps/server/src/domains/backstage/accounts';
import { SessionStore } from '../../apps/server/src/plugins/session';
import {
  missingTopologyTools,
  startTopology,
  type Topology,
} from '../../apps/server/src/test-utils/topology';
import { LIFTED_LIMITS } from '../../scripts/lifted-limits.mjs';
import { type AddedOperator, PRO_TEST_SETTINGS, REPO_ROOT } from '../../scripts/start-server.mjs';
import { e2eApi } from '../support/api';
import { usePhoneBrowser } from '../support/browser';
import { E2E_SIGN_SECRET } from '../support/constants';
import { backstageLogin, operatorApi } from '../support/operators';
import { waitForHydration } from '../support/page';
import { setSessionCookies } from '../support/web-login';

// Issue 30 "Done when": in APP_ENV=pro (no internal page, no login outbox), through the balancer
// of a real multi-node topology, an admin makes the operators from the command line; the
// moderator logs in with TOTP and upholds a report, and the content leaves the feed and answers
// 404 to a reader; a live operator creates a lottery a user then wins; an activity operator moves
// a window and the activity page follows; every step is in the audit log; a moderator opening a
// live-operations page is refused.

const missing = missingTopologyTools();
if (missing.length > 0 && process.env.H5_REQUIRE_CLUSTER_TOOLS === '1')
  throw new Error(`the backstage journey needs ${missing.join(', ')} (.ci/run installs them)`);
const describeCluster = missing.length === 0 ? describe : describe.skip;

const DESK = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } as const;

describeCluster('the backstage in production (issue 30)', () => {
  const browser = usePhoneBrowser();
  let topology: Topology;
  let database: Database;

  beforeAll(async () => {
    topology = await startTopology({
      nodes: 2,
      env: { APP_ENV: 'pro', SIGN_SECRET: E2E_SIGN_SECRET, ...LIFTED_LIMITS, ...PRO_TEST_SETTINGS },
    });
    database = await openDatabase({ databaseUrl: topology.primaryUrl });
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await topology?.stop();
  });

  /** `npm run operator -- …` on the deployment's database, as an admin at the machine runs it. */
  function operatorCli(...args: string[]): AddedOperator {
    const out = execFileSync(
      process.execPath,
      [join(REPO_ROOT, 'apps/server/dist/operator.js'), ...args, '--json'],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          ...topology.nodeEnv,
          DATABASE_URL: topology.primaryUrl,
          DATABASE_READ_URL: '',
        },
        encoding: 'utf8',
      },
    );
    return JSON.parse(out.trim().split('\n').at(-1) as string) as AddedOperator;
  }

  /**
   * An app user with a session. Production sends login codes by SMS (issue 31), which no test
   * receives: the session is made on the database, as a login would make it.
   */
  async function appUser(userName: string): Promise<NativeTokens & { userId: number }> {
    const [row] = await database.db
      .insert(users)
      .values({ userName, avatar: '/cdn/seed/avatar-1.svg' })
      .returning({ id: users.id });
    const userId = (row as { id: number }).id;
    const { duToken, xAuthToken } = await new SessionStore(database.db, 24).create(userId);
    return { duToken, xAuthToken, userId };
  }

  /** The backstage at a desk, logged in as `account` (with its TOTP code where it has one). */
  async function backstageAs(account: AddedOperator): Promise<Page> {
    const page = await browser.newPage(DESK);
    const totp = account.totpSecret ? totpOf(account.name, account.totpSecret).generate() : undefined;
    await backstageLogin(page, topology.url, account, '/backstage', totp);
    return page;
  }

  it('moderation, lotteries and activity windows move in production, every step audited', async () => {
    const url = topology.url;
    // 1. An admin at the machine makes the accounts; the moderator gets a second factor.
    const admin = operatorCli('add', 'ops-admin', '--role', 'admin');
    const moderator = operatorCli('add', 'mod-li', '--role', 'moderator', '--totp');
    expect(moderator).toMatchObject({
      role: 'moderator',
      totpSecret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    expect(admin.password.length).toBeGreaterThanOrEqual(20);

    // 2. A user reports a content from the app.
    const reporter = await appUser('journey-reporter');
    const asReporter = e2eApi(url, reporter);
    const feed = await e2eApi(url)(contract.content.moreRecommend, { limit: 20 });
    const target = feed.list[0];
    if (!target) throw new Error('the production feed is empty');
    const info = await asReporter(contract.feedback.accuseInfo, {
      targetType: 'content',
      targetId: String(target.contentId),
    });
    const reason = info.reasons.find((r) => !r.needDetail) ?? info.reasons[0];
    await asReporter(contract.feedback.submitAccuse, {
      targetType: 'content',
      targetId: String(target.contentId),
      reasonId: reason?.id as number,
      description: '盗用他人图片',
      requestId: randomUUID(),
    });

    // 3. The moderator logs in with TOTP and upholds it.
    const desk = await backstageAs(moderator);
    await desk.getByRole('navigation').getByRole('link', { name: '举报处理' }).click();
    const row = desk.locator('tr', { hasText: `#${target.contentId}` });
    await row.locator('textarea').fill('图片侵权，下架处理');
    await row.getByRole('button', { name: '举报成立' }).click();
    await row.waitFor({ state: 'detached' });

    // 4. The content leaves the feed and answers 404 to a reader.
    await expect
      .poll(async () =>
        (await e2eApi(url)(contract.content.moreRecommend, { limit: 20 })).list.map((c) => c.contentId),
      )
      .not.toContain(target.contentId);
    const reader = await browser.newPage();
    const detail = await reader.goto(`${url}/community/content/${target.contentId}`);
    expect(detail?.status()).toBe(404);
    await waitForHydration(reader);
    expect(await reader.locator('body').textContent()).toContain('内容不存在或已被删除');
    await reader.context().close();

    // 5. The moderator cannot open live operations: the page says so, the server refuses.
    await desk.goto(`${url}/backstage/lotteries`);
    expect(await desk.getByTestId('backstage-forbidden').textContent()).toBe('当前角色无权访问此页面');
    expect(await desk.getByRole('link', { name: '直播抽奖' }).count()).toBe(0);
    // Each TOTP code logs in once (the browser's took this step's): the next step's code, which
    // the server's one-step drift window accepts.
    const nextCode = totpOf(moderator.name, moderator.totpSecret as string).generate({
      timestamp: Date.now() + 30_000,
    });
    const asModerator = await operatorApi(moderator, url, nextCode);
    const refusal = await asModerator(contract.lottery.lotteries, {}).catch((error: unknown) => error);
    expect(isApiError(refusal) && [refusal.httpStatus, refusal.code]).toEqual([403, OPERATOR_ROLE_FORBIDDEN]);
    await desk.context().close();

    // 6. A live operator creates a lottery for a stream; a user enters and, at the draw, wins.
    const liveOps = operatorCli('add', 'live-wang', '--role', 'live_ops');
    const host = await appUser('journey-host');
    const fan = await appUser('journey-fan');
    const ops = await backstageAs(liveOps);
    await ops.getByRole('navigation').getByRole('link', { name: '直播抽奖' }).click();
    const form = ops.getByTestId('lottery-create');
    await form.locator('input[name=streamId]').fill(String(700_000 + host.userId));
    await form.locator('input[name=hostUserId]').fill(String(host.userId));
    await form.locator('input[name=prize]').fill('后台抽奖球鞋');
    await form.locator('input[name=quantity]').fill('1');
    await form.locator('input[name=drawInSeconds]').fill('10');
    await form.getByRole('button', { name: '发起抽奖' }).click();
    const created = ops.getByTestId('lottery-created');
    await created.waitFor();
    const lotteryId = Number((await created.textContent())?.match(/\d+/)?.[0]);
    await ops.context().close();
    await e2eApi(url, fan)(contract.lottery.enterLottery, { lotteryId });
    const phone = await browser.newPage();
    await setSessionCookies(phone, url, fan);
    await expect
      .poll(
        async () => {
          await phone.goto(`${url}/live/lottery?lotteryId=${lotteryId}`);
          await waitForHydration(phone);
          return phone.locator('main').textContent();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toContain('恭喜你中奖了');

    // 7. An activity operator moves a window; the activity page follows.
    const activityOps = operatorCli('add', 'act-zhao', '--role', 'activity_ops');
    await phone.goto(`${url}/h5-sociality/gravity/xinyin`);
    await waitForHydration(phone);
    expect(await phone.getByTestId('activity-closed').getAttribute('data-code')).toBe('202010009');
    const act = await backstageAs(activityOps);
    await act.getByRole('navigation').getByRole('link', { name: '活动窗口' }).click();
    await act.getByRole('button', { name: '编辑 gravity-xinyin' }).click();
    const editor = act.getByTestId('window-editor');
    await editor.locator('input[name=endsAt]').fill('2030-12-31T12:00');
    await editor.getByRole('button', { name: '保存（生成新版本）' }).click();
    await editor.getByRole('status').waitFor();
    await act.context().close();
    await expect
      .poll(
        async () => {
          await phone.goto(`${url}/h5-sociality/gravity/xinyin`);
          await waitForHydration(phone);
          return phone
            .getByTestId('activity-state')
            .textContent({ timeout: 2_000 })
            .catch(() => null);
        },
        { timeout: 15_000 },
      )
      .toBe('进行中');
    await phone.context().close();

    // 8. Every step is in the audit log, read by the admin on its page and through its call.
    const auditPage = await backstageAs(admin);
    await auditPage.getByRole('navigation').getByRole('link', { name: '审计日志' }).click();
    await auditPage.getByTestId('audit-table').waitFor();
    const table = await auditPage.getByTestId('audit-table').textContent();
    for (const action of ['举报成立', '下架内容', '创建抽奖', '修改活动时间窗']) {
      expect(table, action).toContain(action);
    }
    await auditPage.context().close();
    const adminApi = await operatorApi(admin, url);
    const audit = await adminApi(contract.backstage.audit, { limit: 40 });
    const actions = audit.list.map((entry) => `${entry.operatorName} ${entry.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^cli:\S+ operator\.create$/),
        'mod-li operator.login',
        'mod-li report.uphold',
        'mod-li content.take_down',
        'live-wang lottery.create',
        'act-zhao activity.window.update',
      ]),
    );
    // Behind the balancer the address is the browser's, not nginx's own.
    expect(audit.list.find((entry) => entry.action === 'report.uphold')?.address).toBe('127.0.0.1');
  }, 240_000);
});
