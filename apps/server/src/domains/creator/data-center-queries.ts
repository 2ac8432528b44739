import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { CHINA_OFFSET_MS, CHINA_OFFSET_SQL, type PeriodBounds } from './data-center-period';

// Issue 15 point 1: every figure of the data centre, from the rows the product writes: detail page
// views (page id 637) and shares as the analytics collector stores them (`analytics_events`, its
// generated `content_id`), lights (`content_lights`), comments (`replies`), follows (`follows`).

/** A day in China time of a timestamp column, as YYYY-MM-DD. */
const chinaDay = (column: string) =>
  sql.raw(`to_char((${column} at time zone 'UTC' + interval '${CHINA_OFFSET_SQL}')::date, 'YYYY-MM-DD')`);

/** Counts of the period (`cur`) and of the one before (`prev`). */
export interface TwoPeriods {
  cur: number;
  prev: number;
}

/** A timestamp's China-time day as a date (the bounds of a period are China midnights). */
const dayOf = (at: Date) =>
  sql`(${at.toISOString()}::timestamptz at time zone 'UTC' + interval '${sql.raw(CHINA_OFFSET_SQL)}')::date`;

/**
 * The creator's views, shares, lights, comments and new fans, in the period and the one before:
 * sums of their daily figures (`creator_daily_figures`, kept by triggers as the rows are
 * written), at most two periods of rows however many events, lights, comments and follows
 * there are. A period's bounds are China midnights, so its days hold exactly its rows.
 */
export async function summaryCounts(
  db: Db,
  authorId: number,
  b: PeriodBounds,
): Promise<Record<string, TwoPeriods>> {
  const start = dayOf(b.start);
  const figures = {
    views: 'views',
    shares: 'shares',
    lights: 'lights',
    comments: 'comments',
    newFans: 'new_fans',
  };
  const sums = Object.entries(figures).map(
    ([name, column]) =>
      sql`coalesce(sum(${sql.raw(column)}) filter (where day >= ${start}), 0)::integer as ${sql.raw(`"${name}Cur"`)},
        coalesce(sum(${sql.raw(column)}) filter (where day < ${start}), 0)::integer as ${sql.raw(`"${name}Prev"`)}`,
  );
  const result = await db.execute(sql`
    select ${sql.join(sums, sql`, `)} from creator_daily_figures
    where author_id = ${authorId} and day >= ${dayOf(b.previousStart)} and day < ${dayOf(b.end)}`);
  const row = rowsOf<Record<string, number>>(result)[0] ?? {};
  return Object.fromEntries(
    Object.keys(figures).map((name) => [
      name,
      { cur: row[`${name}Cur`] ?? 0, prev: row[`${name}Prev`] ?? 0 },
    ]),
  );
}

/** One content of the list with its figures in the period. */
export interface ContentFiguresRow {
  id: number;
  title: string;
  content_type: number;
  cover_url: string | null;
  created_at: Date | string;
  views: number;
  lights: number;
  comments: number;
}

/** Where a content-list page starts: after (rank, id) for a count order, after (time, id) for newest. */
export type ListAfter =
  | { sort: 'views' | 'lights'; rank: number; id: number }
  | { sort: 'newest'; createdAtMs: number; id: number }
  | null;

/** The page's order on the columns `t.views` / `t.lights` / `t.created_at` and `t.id`. */
function pageOrder(sort: 'views' | 'lights' | 'newest', after: ListAfter) {
  const order =
    sort === 'newest'
      ? sql`t.created_at desc, t.id desc`
      : sort === 'views'
        ? sql`t.views desc, t.id desc`
        : sql`t.lights desc, t.id desc`;
  let where = sql`true`;
  if (after?.sort === 'newest')
    where = sql`(t.created_at, t.id) < (${new Date(after.createdAtMs).toISOString()}::timestamptz, ${after.id}::integer)`;
  else if (after)
    where = sql`(${sql.raw(after.sort === 'views' ? 't.views' : 't.lights')}, t.id) < (${after.rank}::integer, ${after.id}::integer)`;
  return { order, where };
}

/**
 * The ids (and views) of a page by views: from `content_period_views` (migration 0045), the
 * creator's contents ranked by their views in the period, read by the period's index
 * (`content_period_views_30_idx` …) from where the page starts, then, only where that falls
 * short of the page, the unviewed ones by id; a page costs its rows however many contents and
 * days the creator has. Those windows end on `content_period_views_day`; when that is not the
 * period's last day (the job has not slid them since China midnight), {@link pageByDays} sums
 * the days instead: the same answer, slower.
 */
function pageByViews(authorId: number, b: PeriodBounds, where: SQL, rows: number) {
  const fresh = sql`(select day from content_period_views_day) = ${dayOf(b.end)} - 1`;
  const views = sql.raw(`v.views_${b.period}`);
  return sql`
    with ranked as materialized (
      select t.id, t.views from (
        select v.content_id as id, ${views} as views from content_period_views v
        where v.author_id = ${authorId} and ${views} > 0
          -- A subplan per row in the index's order, not a join: the planner, misled by author_id
          -- on both sides, would join and sort all of the period's rows.
          and (select c.author_id = ${authorId} and c.review_state = 'approved' from contents c
            where c.id = v.content_id)) t
      where ${fresh} and ${where} order by t.views desc, t.id desc limit ${rows}
    )
    select * from (
      (select * from ranked)
      union all
      (select t.id, t.views from (
        select c.id, 0 as views from contents c
        where c.author_id = ${authorId} and c.review_state = 'approved'
          and not exists (select 1 from content_period_views v where v.author_id = ${authorId}
            and v.content_id = c.id and ${views} > 0)) t
       where ${fresh} and (select count(*) from ranked) < ${rows} and ${where} order by t.id desc limit ${rows})
      union all
      (select * from (${pageByDays(authorId, b, where, rows)}) t where not ${fresh})
    ) t order by t.views desc, t.id desc limit ${rows}`;
}

/**
 * {@link pageByViews} from the days: the contents viewed in the period, from the figures of the
 * creator's days (`content_daily_figures_author_idx`), then, where the page goes past them, the
 * unviewed ones by id, skipping the viewed. Reads every viewed content of the period. `author_id`
 * there is the content's as the triggers keep it; the join checks it against the content anyway.
 */
function pageByDays(authorId: number, b: PeriodBounds, where: SQL, rows: number) {
  return sql`
    with viewed as materialized (
      select content_id as id, sum(views)::integer as views from content_daily_figures
      where author_id = ${authorId} and day >= ${dayOf(b.start)} and day < ${dayOf(b.end)}
      group by 1 having sum(views) > 0
    )
    select * from (
      (select t.id, t.views from (
        select v.id, v.views from viewed v join contents c on c.id = v.id
        where c.author_id = ${authorId} and c.review_state = 'approved') t
       where ${where} order by t.views desc, t.id desc limit ${rows})
      union all
      (select t.id, t.views from (
        select c.id, 0 as views from contents c
        where c.author_id = ${authorId} and c.review_state = 'approved'
          and not exists (select 1 from viewed v where v.id = c.id)) t
       where ${where} order by t.id desc limit ${rows})
    ) t order by t.views desc, t.id desc limit ${rows}`;
}

/**
 * A page of the creator's contents with their figures in the period, in the asked order. Views are
 * sums of the contents' daily figures (`content_daily_figures`): a period's bounds are China
 * midnights, so its days hold exactly its views, and they outlive the events' partitions; the
 * order by views reads them summed per period ({@link pageByViews}). Lights and comments are
 * counted for the page's contents only, except for the order by lights (every content of the
 * creator: not flat, decision 028's amendment).
 */
export async function contentFigures(
  db: Db,
  authorId: number,
  b: PeriodBounds,
  sort: 'views' | 'lights' | 'newest',
  after: ListAfter,
  rows: number,
): Promise<ContentFiguresRow[]> {
  const start = sql`${b.start.toISOString()}::timestamptz`;
  const end = sql`${b.end.toISOString()}::timestamptz`;
  const { order, where } = pageOrder(sort, after);
  const views = (
    id: SQL,
  ) => sql`(select coalesce(sum(f.views), 0) from content_daily_figures f where f.content_id = ${id}
    and f.day >= ${dayOf(b.start)} and f.day < ${dayOf(b.end)})::integer`;
  const lights = (id: SQL) => sql`(select count(*) from content_lights l where l.content_id = ${id}
    and l.created_at >= ${start} and l.created_at < ${end})::integer`;
  const comments = sql`(select count(*) from replies r where r.content_id = c.id
    and r.created_at >= ${start} and r.created_at < ${end})::integer`;
  // The page's ids, with the figure it is ordered by; the other figures for those rows only.
  const page =
    sort === 'views'
      ? pageByViews(authorId, b, where, rows)
      : sort === 'newest'
        ? sql`select t.id from contents t
            where t.author_id = ${authorId} and t.review_state = 'approved' and ${where}
            order by ${order} limit ${rows}`
        : sql`select t.id, t.lights from (
            select c.id, ${lights(sql`c.id`)} as lights from contents c
            where c.author_id = ${authorId} and c.review_state = 'approved') t
            where ${where} order by ${order} limit ${rows}`;
  const result = await db.execute(sql`
    select c.id, c.title, c.content_type, c.cover_url, c.created_at,
      ${sort === 'views' ? sql`p.views` : views(sql`c.id`)} as views,
      ${sort === 'lights' ? sql`p.lights` : lights(sql`c.id`)} as lights, ${comments} as comments
    from (${page}) p join contents c on c.id = p.id
    order by ${sort === 'newest' ? sql`c.created_at` : sql.raw(sort)} desc, c.id desc`);
  return rowsOf<ContentFiguresRow>(result);
}

/** A content's author and card facts, or undefined. */
export async function contentOf(db: Db, contentId: number) {
  const result = await db.execute(sql`
    select id, author_id, title, content_type, cover_url, created_at from contents where id = ${contentId}`);
  return rowsOf<Omit<ContentFiguresRow, 'views' | 'lights' | 'comments'> & { author_id: number }>(result)[0];
}

/**
 * A content's figures per China day of the period, its views from its daily figures. A new fan of a content is a follow of its author
 * made within a day after the follower viewed the content (a follower who viewed several of the
 * author's contents that day counts for each of them).
 */
export async function contentDays(db: Db, contentId: number, authorId: number, b: PeriodBounds) {
  const start = sql`${b.start.toISOString()}::timestamptz`;
  // A literal, not `start - interval '1 day'` (stable, so pruned only when run, after planning
  // every partition).
  const dayBefore = new Date(b.start.getTime() - 86_400_000).toISOString();
  const end = sql`${b.end.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select 'views' as figure, to_char(day, 'YYYY-MM-DD') as day, views as n from content_daily_figures
      where content_id = ${contentId} and day >= ${dayOf(b.start)} and day < ${dayOf(b.end)} and views > 0
    union all
    select figure, ${chinaDay('at')} as day, count(*)::integer as n from (
      select 'lights' as figure, created_at as at from content_lights
        where content_id = ${contentId} and created_at >= ${start} and created_at < ${end}
      union all
      select 'comments', created_at from replies
        where content_id = ${contentId} and created_at >= ${start} and created_at < ${end}
      union all
      -- From the content's signed-in viewers of the period to their follow of the author (its
      -- key), not from every follow of the author: bounded by the content's views.
      select 'newFans', f.created_at from (
        select distinct e.user_id from analytics_events e where e.content_id = ${contentId} and e.event = 'pageView'
          and e.user_id is not null
          -- As constants: the planner keeps only the period's partitions.
          and e.occurred_at > ${dayBefore}::timestamptz and e.occurred_at < ${end}
        offset 0) v
      join follows f on f.follower_id = v.user_id and f.followee_id = ${authorId}
      where f.created_at >= ${start} and f.created_at < ${end}
        and exists (select 1 from analytics_events e where e.content_id = ${contentId} and e.event = 'pageView'
          and e.user_id = f.follower_id and e.occurred_at <= f.created_at
          and e.occurred_at > f.created_at - interval '1 day'
          and e.occurred_at > ${dayBefore}::timestamptz and e.occurred_at < ${end})
    ) x group by 1, 2`);
  return rowsOf<{ figure: 'views' | 'lights' | 'comments' | 'newFans'; day: string; n: number }>(result);
}

/**
 * The creator's followers counted by gender, by birth year and by region ('' where the follower
 * never said), from their own profiles: the counters the follows and profile changes keep
 * (`creator_follower_groups`, migration 0038), one row per value however many followers.
 */
export async function followerGroups(db: Db, authorId: number) {
  const result = await db.execute(sql`
    select kind, key, followers as n from creator_follower_groups
    where author_id = ${authorId} and followers > 0`);
  return rowsOf<{ kind: 'gender' | 'birthYear' | 'region'; key: string; n: number }>(result);
}

/**
 * The hours (China time) of the views of the creator's contents by those who follow them now,
 * from the start of `since`'s China hour: the roll-up the views and follows keep
 * (`creator_follower_hours`, migration 0042), at most 24 rows a day however many views.
 */
export async function followerViewHours(db: Db, authorId: number, since: Date) {
  const at = new Date(since.getTime() + CHINA_OFFSET_MS).toISOString();
  const [day, hour] = [at.slice(0, 10), Number(at.slice(11, 13))];
  const result = await db.execute(sql`
    select hour::integer as hour, sum(views)::integer as n from creator_follower_hours
    where author_id = ${authorId} and (day, hour) >= (${day}::date, ${hour}::smallint)
    group by 1 having sum(views) <> 0`);
  return rowsOf<{ hour: number; n: number }>(result);
}
