import { contract } from '@h5/contract';
import { BAD_REQUEST, PICK_CONTENT_NOT_FOUND, SUCCESS, TOURIST } from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { contentPicks } from '../../db/schema';
import { SEED_SIZES } from '../../db/seed/generate';
import {
  analyticsEvent,
  createTestApp,
  insertTestContents,
  loginOperator,
  signedInUser,
  type TestApp,
  type TestOperator,
} from '../../test-utils';
import { PICK_RULE_MIN_LIGHTS, PICK_RULE_SHARE, pickByRule } from './content-picks';

let t: TestApp;
/** The activity operator who picks in the backstage (issue 30). */
let editor: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  editor = await loginOperator(t, 'activity_ops');
});
afterAll(() => t.close());

/** A new creator with `n` contents (as the app's publisher writes them), each with its own figures. */
async function creatorWith(n: number) {
  const user = await signedInUser(t.app, t.db, 'pick-creator');
  const ids = await insertTestContents(t.db, user.userId, n, (i) => ({
    contentType: 0,
    title: `精选测试 ${i}`,
    coverUrl: `/cdn/seed/pick-${i}.svg?w=600&h=800`,
    coverWidth: 600,
    coverHeight: 800,
    lightCount: 10 * i,
    replyCount: i,
  }));
  return { ...user, ids, as: { cookies: user.cookies } };
}

const pick = (contentId: number, reason?: string) =>
  editor.call(contract.invite.pickContent, reason ? { contentId, reason } : { contentId });

const views = (contentId: number, n: number) =>
  t.signedInject(contract.analytics.collectEvents, {
    events: Array.from({ length: n }, () =>
      analyticsEvent({
        event: 'pageView',
        payload: { pageId: 637, path: `/community/content/${contentId}` },
      }),
    ),
  });

/** How many rule picks the seeded contents (ids up to SEED_SIZES.contents) have. */
async function seededRulePicks(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(
      sql`select count(*)::int as n from content_picks where source = 'rule' and content_id <= ${SEED_SIZES.contents}`,
    ),
  );
  return row?.n ?? 0;
}

describe('the pick call (backstage)', () => {
  it('picks a content once: 20 concurrent picks, one row, one created', async () => {
    const c = await creatorWith(1);
    const contentId = c.ids[0] as number;
    const answers = await Promise.all(Array.from({ length: 20 }, () => pick(contentId, '编辑部推荐')));
    expect(answers.every((a) => a.body.code === SUCCESS)).toBe(true);
    expect(answers.filter((a) => a.body.data.created)).toHaveLength(1);
    const rows = await t.db.select().from(contentPicks).where(eq(contentPicks.contentId, contentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ authorId: c.userId, source: 'editor', reason: '编辑部推荐' });
    // A later pick with another reason keeps the first.
    expect((await pick(contentId, '另一个理由')).body.data).toMatchObject({
      created: false,
      reason: '编辑部推荐',
    });
  });

  it('is an activity operator’s call, audited once per pick; a moderator is refused', async () => {
    const c = await creatorWith(1);
    const contentId = c.ids[0] as number;
    await pick(contentId, '编辑部推荐');
    await pick(contentId, '编辑部推荐');
    const audit = await t.db.execute(
      sql`select action, before, after from audit_log where object_type = 'content' and object_id = ${String(contentId)}`,
    );
    expect(rowsOf(audit)).toEqual([
      { action: 'pick.create', before: null, after: { source: 'editor', reason: '编辑部推荐' } },
    ]);
    const moderator = await loginOperator(t, 'moderator');
    const refused = await moderator.call(contract.invite.pickContent, { contentId });
    expect(refused.body).toMatchObject({ code: 5002, msg: '当前角色（moderator）无权进行此操作' });
    expect(
      (await t.signedInject(contract.invite.pickContent, { contentId }, { cookies: c.cookies })).status,
    ).toBe(401);
  });

  it('refuses an unknown content with 4921 and a reason of one character with a 400', async () => {
    expect((await pick(2_000_000_000)).body).toMatchObject({
      code: PICK_CONTENT_NOT_FOUND,
      msg: '内容 2000000000 不存在',
    });
    const c = await creatorWith(1);
    const bad = await pick(c.ids[0] as number, '好');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('reason: 精选理由须为 2 到 40 个字');
  });
});

describe('pick/report', () => {
  it('refuses a visitor with 7999 and a forged cursor with a 400', async () => {
    expect((await t.signedInject(contract.invite.pickReport, {})).body.code).toBe(TOURIST);
    const c = await creatorWith(0);
    const forged = await t.signedInject(contract.invite.pickReport, { lastId: 'not-a-cursor!' }, c.as);
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe(BAD_REQUEST);
  });

  it('pages the caller’s picks newest first with their figures now; others’ picks and unpicked contents stay out', async () => {
    const c = await creatorWith(4);
    const [a, b, unpicked, d] = c.ids as [number, number, number, number];
    for (const id of [a, b, d]) {
      expect((await pick(id)).body.data.created).toBe(true);
      await new Promise((r) => setTimeout(r, 5)); // distinct pick times
    }
    const other = await creatorWith(1);
    await pick(other.ids[0] as number);
    await views(b, 3);
    await t.signedInject(contract.community.addContentLight, { contentId: b }, other.as);

    const first = await t.signedInject(contract.invite.pickReport, { limit: 2 }, c.as);
    expect(first.body.code).toBe(SUCCESS);
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.hasMore).toBe(true);
    expect(first.body.data.list.map((p) => p.contentId)).toEqual([d, b]);
    const second = await t.signedInject(
      contract.invite.pickReport,
      { limit: 2, lastId: first.body.data.lastId ?? '' },
      c.as,
    );
    expect(second.body.data.list.map((p) => p.contentId)).toEqual([a]);
    expect(second.body.data).toMatchObject({ hasMore: false, lastId: null });
    expect([...first.body.data.list, ...second.body.data.list].map((p) => p.contentId)).not.toContain(
      unpicked,
    );

    const shown = first.body.data.list[1];
    const [facts] = rowsOf<{ views: number; lights: number; comments: number }>(
      await t.db.execute(sql`select
        (select count(*) from analytics_events where event = 'pageView' and payload->>'path' = ${`/community/content/${b}`})::int as views,
        light_count as lights, reply_count as comments from contents where id = ${b}`),
    );
    expect(facts).toEqual({ views: 3, lights: 11, comments: 1 });
    expect(shown).toMatchObject({
      ...facts,
      title: '精选测试 1',
      contentType: 0,
      source: 'editor',
      reason: '编辑精选',
      cover: { url: '/cdn/seed/pick-1.svg?w=600&h=800', width: 600, height: 800 },
    });
  });

  it('the weekly rule picked the seeded contents it names, once, dated after publishing', async () => {
    const picked = rowsOf<{ content_id: number; ok: boolean }>(
      await t.db.execute(sql`
        select p.content_id, (c.light_count >= ${PICK_RULE_MIN_LIGHTS} and p.author_id = c.author_id
          and p.picked_at >= c.created_at) as ok
        from content_picks p join contents c on c.id = p.content_id where p.source = 'rule'`),
    );
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((p) => p.ok)).toBe(true);
    // Exactly the rule's set: the top fifth of each author's contents by lights, PICK_RULE_MIN_LIGHTS lights or more.
    const expected = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        select id from (
          select id, light_count, row_number() over (partition by author_id order by light_count desc, id desc) as k,
            count(*) over (partition by author_id) as n from contents where id <= ${SEED_SIZES.contents}
        ) r where light_count >= ${PICK_RULE_MIN_LIGHTS} and k <= greatest(1, ceil(n * ${PICK_RULE_SHARE}::double precision))`),
    );
    const ruled = new Set(picked.map((p) => p.content_id));
    expect(expected.filter((e) => !ruled.has(e.id))).toEqual([]);
    // Running it again adds nothing for the seeded contents.
    const before = await seededRulePicks();
    await pickByRule(t.db);
    expect(await seededRulePicks()).toBe(before);
  });
});
