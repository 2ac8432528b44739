import {
  ENCOUNTER_DRAWS_PER_DAY,
  type EncounterToday,
  TANABATA_RANK_SIZE,
  TANABATA_TOPIC,
  type XinyinProduct,
} from '@h5/contract';
import { ENCOUNTER_NO_MATCH, ENCOUNTER_NONE_LEFT, XINYIN_NOT_IN_ACTIVITY } from '@h5/core';
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { arSpus, contents, encounterDraws, follows, productWants, users } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { setWant } from '../commerce/wants';
import { feedCardColumns, toCard } from '../content/cards';
import { visibleContent } from '../content/visible';
import { chinaDay } from '../live/rules';
import { ACTIVITY_CODES } from './activity-codes';
import { activityProductCards } from './ar-spus';
import { ACTIVITY_MESSAGES } from './messages';
import { requireRunning } from './window';

/** How many of a mutual follow's newest contents an unlocked card shows. */
const UNLOCKED_CONTENTS = 3;
/** How many other pickers a 心引力 product lists. */
const XINYIN_MATCHES = 20;
/** Active authors an encounter falls back to when nobody shares an interest with the drawer. */
const ACTIVE_AUTHORS = 50;

/** Today's cards of `userId` with the follow state both ways; mutual ones unlocked. */
async function todayOf(db: Db, userId: number, day: string): Promise<EncounterToday> {
  const rows = await db
    .select({
      slot: encounterDraws.slot,
      userId: users.id,
      userName: users.userName,
      avatar: users.avatar,
      sharedAuthors: encounterDraws.sharedAuthors,
      sharedCategories: encounterDraws.sharedCategories,
      isFollowing: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${userId} and ${follows.followeeId} = ${users.id})`,
      followsMe: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${users.id} and ${follows.followeeId} = ${userId})`,
    })
    .from(encounterDraws)
    .innerJoin(users, eq(users.id, encounterDraws.matchedUserId))
    .where(and(eq(encounterDraws.userId, userId), eq(encounterDraws.day, day)))
    .orderBy(asc(encounterDraws.slot));
  const list = await Promise.all(
    rows.map(async (row) => {
      const mutual = row.isFollowing === true && row.followsMe === true;
      const unlocked = mutual
        ? await db
            .select({ contentId: contents.id, title: contents.title })
            .from(contents)
            .where(and(eq(contents.authorId, row.userId), visibleContent))
            .orderBy(desc(contents.createdAt), desc(contents.id))
            .limit(UNLOCKED_CONTENTS)
        : [];
      return {
        slot: row.slot,
        user: { userId: row.userId, userName: row.userName, avatar: row.avatar },
        sharedAuthors: row.sharedAuthors,
        sharedCategories: row.sharedCategories,
        isFollowing: row.isFollowing === true,
        followsMe: row.followsMe === true,
        unlocked,
      };
    }),
  );
  return { day, drawsLeft: Math.max(0, ENCOUNTER_DRAWS_PER_DAY - list.length), list };
}

/** GET encounter/today: inside 奇妙相遇's window, the caller's cards of this China day. */
export async function encounterToday(db: Db, userId: number, now = new Date()): Promise<EncounterToday> {
  await requireRunning(db, ACTIVITY_CODES.strangeEncounters, now);
  return todayOf(db, userId, chinaDay(now.getTime()));
}

/**
 * The best match for `userId`: users sharing followed authors (twice the weight) or categories of
 * lit contents, never the drawer, anyone they follow or met today; with none, an active author.
 */
async function bestMatch(db: Db, userId: number, day: string) {
  const excluded = sql`u.id <> ${userId}
    and not exists (select 1 from follows f where f.follower_id = ${userId} and f.followee_id = u.id)
    and not exists (select 1 from encounter_draws d where d.user_id = ${userId} and d.day = ${day} and d.matched_user_id = u.id)`;
  const shared = await db.execute(sql`
    with by_follow as (
      select f.follower_id as uid, count(*)::int as n from follows f
      where f.followee_id in (select followee_id from follows where follower_id = ${userId})
      group by f.follower_id
    ), my_categories as (
      select distinct c.category from content_lights l join contents c on c.id = l.content_id
      where l.user_id = ${userId}
    ), by_category as (
      select l.user_id as uid, count(distinct c.category)::int as n
      from content_lights l join contents c on c.id = l.content_id
      where c.category in (select category from my_categories)
      group by l.user_id
    )
    select u.id, coalesce(bf.n, 0) as shared_authors, coalesce(bc.n, 0) as shared_categories
    from users u
    left join by_follow bf on bf.uid = u.id
    left join by_category bc on bc.uid = u.id
    where (bf.n is not null or bc.n is not null) and ${excluded}
    order by coalesce(bf.n, 0) * 2 + coalesce(bc.n, 0) desc, u.id
    limit 1`);
  const best = rowsOf<{ id: number; shared_authors: number; shared_categories: number }>(shared)[0];
  if (best)
    return {
      id: Number(best.id),
      sharedAuthors: best.shared_authors,
      sharedCategories: best.shared_categories,
    };
  const active = await db.execute(sql`
    select u.id from (select distinct author_id from (
      select author_id from contents where taken_down_at is null order by created_at desc limit ${ACTIVE_AUTHORS}
    ) recent) a join users u on u.id = a.author_id
    where ${excluded}
    order by u.id limit 1`);
  const author = rowsOf<{ id: number }>(active)[0];
  return author ? { id: Number(author.id), sharedAuthors: 0, sharedCategories: 0 } : null;
}

/**
 * POST encounter/draw: one more card of today, in the first free slot. The slot is taken by an
 * insert that a concurrent draw's row refuses (the key), so each draw is one card and a day
 * never has more than {@link ENCOUNTER_DRAWS_PER_DAY}, however many are asked at once.
 */
export async function drawEncounter(db: Db, userId: number, now = new Date()): Promise<EncounterToday> {
  await requireRunning(db, ACTIVITY_CODES.strangeEncounters, now);
  const day = chinaDay(now.getTime());
  const match = await bestMatch(db, userId, day);
  if (!match) throw new AppError(ENCOUNTER_NO_MATCH, ACTIVITY_MESSAGES.encounterNoMatch);
  for (let slot = 1; slot <= ENCOUNTER_DRAWS_PER_DAY; slot++) {
    const inserted = await db
      .insert(encounterDraws)
      .values({
        userId,
        day,
        slot,
        matchedUserId: match.id,
        sharedAuthors: match.sharedAuthors,
        sharedCategories: match.sharedCategories,
      })
      .onConflictDoNothing()
      .returning({ slot: encounterDraws.slot });
    if (inserted.length > 0) return todayOf(db, userId, day);
  }
  throw new AppError(ENCOUNTER_NONE_LEFT, ACTIVITY_MESSAGES.encounterNoneLeft(ENCOUNTER_DRAWS_PER_DAY));
}

/** GET tanabata/rank: inside 七夕's window, its #七夕 contents of the window by lights, top 20. */
export async function tanabataRank(db: Db, viewerId: number | null, now = new Date()) {
  const window = await requireRunning(db, ACTIVITY_CODES.tanabata, now);
  const rows = await db
    .select(feedCardColumns(viewerId ?? -1))
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(
      and(
        eq(contents.topic, TANABATA_TOPIC),
        gte(contents.createdAt, new Date(window.startsAt)),
        lt(contents.createdAt, new Date(window.endsAt)),
        visibleContent,
      ),
    )
    .orderBy(desc(contents.lightCount), desc(contents.id))
    .limit(TANABATA_RANK_SIZE);
  return { topic: TANABATA_TOPIC, list: rows.map((row, i) => ({ ...toCard(row), rank: i + 1 })) };
}

/**
 * 心引力's products (its rows in activity_ar_spus), each with the caller's pick (their want) and,
 * for a picked one, the other users who want it: the caller sees only their own matches.
 */
export async function xinyinProducts(db: Db, userId: number, now = new Date()) {
  await requireRunning(db, ACTIVITY_CODES.xinyin, now);
  return { list: await productsOf(db, userId) };
}

async function productsOf(db: Db, userId: number): Promise<XinyinProduct[]> {
  const cards = await activityProductCards(db, ACTIVITY_CODES.xinyin, userId);
  const picked = cards.filter((card) => card.isCollection === 1).map((card) => card.spuId);
  const others =
    picked.length === 0
      ? []
      : await db
          .select({
            spuId: productWants.spuId,
            userId: users.id,
            userName: users.userName,
            avatar: users.avatar,
          })
          .from(productWants)
          .innerJoin(users, eq(users.id, productWants.userId))
          .where(and(inArray(productWants.spuId, picked), ne(productWants.userId, userId)))
          .orderBy(desc(productWants.createdAt), desc(users.id));
  return cards.map((product) => {
    const mine = product.isCollection === 1;
    return {
      product,
      picked: mine,
      matches: mine
        ? others
            .filter((row) => row.spuId === product.spuId)
            .slice(0, XINYIN_MATCHES)
            .map(({ userId: id, userName, avatar }) => ({ userId: id, userName, avatar }))
        : [],
    };
  });
}

/** POST xinyin/pick: wants (or un-wants) one of 心引力's products; another product is refused. */
export async function xinyinPick(
  db: Db,
  userId: number,
  input: { spuId: number; pick: boolean },
  now = new Date(),
) {
  await requireRunning(db, ACTIVITY_CODES.xinyin, now);
  const [row] = await db
    .select({ spuId: arSpus.spuId })
    .from(arSpus)
    .where(and(eq(arSpus.activityCode, ACTIVITY_CODES.xinyin), eq(arSpus.spuId, input.spuId)));
  if (!row) throw new AppError(XINYIN_NOT_IN_ACTIVITY, ACTIVITY_MESSAGES.xinyinNotInActivity(input.spuId));
  await setWant(db, userId, input.spuId, input.pick);
  return { list: await productsOf(db, userId) };
}
