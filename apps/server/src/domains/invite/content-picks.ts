import type { PageQuery, PickedContent, PickReportPage, PickResult } from '@h5/contract';
import { PICK_CONTENT_NOT_FOUND } from '@h5/core';
import { and, count, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { contentPicks, contents } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { type AuditActor, recordAudit } from '../backstage/audit';
import { visibleContent } from '../content/visible';
import { TASK_MESSAGES } from './task-messages';

// Issue 18 point 3, picking (docs/routes.md "Pick report"): a content is picked as featured once
// (the primary key of `content_picks`), either by an editor in the backstage (issue 30) or by
// the weekly rule below, which the seed runs. The pick report shows a creator their picked
// contents with today's figures.

/** The weekly rule: an author's contents in the top fifth of their own by lights ... */
export const PICK_RULE_SHARE = 0.2;
/** ... with at least this many lights (real ones: the seed's counts are its light rows, issue 28 point 6). */
export const PICK_RULE_MIN_LIGHTS = 50;
/** A rule pick is dated a week after the content was published (never after now). */
const PICK_RULE_DELAY = '7 days';

/** An editor's pick of `contentId`; a content picked already keeps its first pick (`created: false`). */
export async function pickContent(
  db: Db,
  operator: AuditActor,
  contentId: number,
  reason: string,
): Promise<PickResult> {
  return db.transaction(async (tx) => {
    const [content] = await tx
      .select({ id: contents.id, authorId: contents.authorId })
      .from(contents)
      .where(and(eq(contents.id, contentId), visibleContent));
    if (!content) throw new AppError(PICK_CONTENT_NOT_FOUND, TASK_MESSAGES.pickContentNotFound(contentId));
    const [inserted] = await tx
      .insert(contentPicks)
      .values({ contentId, authorId: content.authorId, source: 'editor', reason })
      .onConflictDoNothing()
      .returning();
    const pick =
      inserted ?? (await tx.select().from(contentPicks).where(eq(contentPicks.contentId, contentId)))[0];
    if (!pick) throw new AppError(PICK_CONTENT_NOT_FOUND, TASK_MESSAGES.pickContentNotFound(contentId));
    const result = {
      contentId,
      source: pick.source,
      reason: pick.reason,
      pickedAt: pick.pickedAt.toISOString(),
      created: inserted !== undefined,
    };
    // Only a pick that happened is an action; a repeat changed nothing.
    if (inserted) {
      await recordAudit(tx, operator, {
        action: 'pick.create',
        objectType: 'content',
        objectId: contentId,
        before: null,
        after: { source: result.source, reason: result.reason },
      });
    }
    return result;
  });
}

/**
 * The weekly rule, run by the seed (idempotent): every author's contents ranked by lights, the
 * top {@link PICK_RULE_SHARE} of them (at least one) with {@link PICK_RULE_MIN_LIGHTS} lights or
 * more are picked, dated a week after publishing. Returns how many picks it added.
 */
export async function pickByRule(db: Db, nowMs = Date.now()): Promise<number> {
  const now = sql`${new Date(nowMs).toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    insert into content_picks (content_id, author_id, source, reason, picked_at)
    select id, author_id, 'rule', ${TASK_MESSAGES.rulePickReason},
      least(created_at + interval '${sql.raw(PICK_RULE_DELAY)}', ${now})
    from (
      select id, author_id, created_at, light_count,
        row_number() over (partition by author_id order by light_count desc, id desc) as k,
        count(*) over (partition by author_id) as n
      from contents where review_state = 'approved' and taken_down_at is null
    ) ranked
    where light_count >= ${PICK_RULE_MIN_LIGHTS} and k <= greatest(1, ceil(n * ${PICK_RULE_SHARE}::double precision))
    on conflict (content_id) do nothing
    returning content_id`);
  return rowsOf(result).length;
}

/** Picks, newest first. */
const latestPicks = timeKeyset(contentPicks.pickedAt, contentPicks.contentId);

/** pick/report: the caller's picked contents, newest pick first, keyset-paged, with their figures now. */
export async function pickReport(db: Db, authorId: number, query: PageQuery): Promise<PickReportPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        contentId: contentPicks.contentId,
        source: contentPicks.source,
        reason: contentPicks.reason,
        pickedAt: contentPicks.pickedAt,
        title: contents.title,
        contentType: contents.contentType,
        coverUrl: contents.coverUrl,
        coverWidth: contents.coverWidth,
        coverHeight: contents.coverHeight,
        lights: contents.lightCount,
        comments: contents.replyCount,
        views: sql<number>`(select coalesce(sum(f.views), 0)::int from content_daily_figures f where f.content_id = ${contentPicks.contentId})`,
      })
      .from(contentPicks)
      .innerJoin(contents, eq(contents.id, contentPicks.contentId))
      .where(and(eq(contentPicks.authorId, authorId), latestPicks.after(query.lastId)))
      .orderBy(...latestPicks.orderBy)
      .limit(rowsToRead(query)),
    db.select({ n: count() }).from(contentPicks).where(eq(contentPicks.authorId, authorId)),
  ]);
  const page = pageFrom(rows, query.limit, (row) => latestPicks.cursor(row.pickedAt, row.contentId));
  return {
    ...page,
    list: page.list.map(
      (row): PickedContent => ({
        contentId: row.contentId,
        title: row.title,
        contentType: row.contentType,
        cover:
          row.coverUrl !== null && row.coverWidth !== null && row.coverHeight !== null
            ? { url: row.coverUrl, width: row.coverWidth, height: row.coverHeight }
            : null,
        pickedAt: row.pickedAt.toISOString(),
        source: row.source,
        reason: row.reason,
        views: row.views,
        lights: row.lights,
        comments: row.comments,
      }),
    ),
    total: total?.n ?? 0,
  };
}
