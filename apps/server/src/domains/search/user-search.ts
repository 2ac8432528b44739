import type { Page, PageQuery, SearchUser } from '@h5/contract';
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ReadDb } from '../../db/client';
import { userCounts, users } from '../../db/schema';
import { readLearning, WALK_ROWS, type WindowPath } from './hot-window';
import { gramsHold, matchRank, offsetPage, wordsInside } from './match';

/**
 * The most-followed matches a user search's first pages rank (decision 024, amendment for
 * users): first pages cost the same whatever the number of users holding the keyword; a deeper
 * page ranks every match, the exact nicknames' and the window's first.
 */
export const USER_WINDOW = 100;

const name = sql`${users.userName}`;

/** Kept by triggers (user_counts, migrations 0043 and 0044): a join, not a count of each match's follows. */
const followerCount = sql<number>`coalesce(${userCounts.followers}, 0)`;

/** Users whose nickname holds the keyword: the GIN gram test (`users_search_idx`), then each word whole. */
const matchingUsers = (keyword: string) => and(gramsHold(name, keyword), wordsInside(name, keyword)) as SQL;

/** Nicknames equal to the keyword (matchRank's 0), read on `users_name_lower_idx`. */
const exactName = (keyword: string) => sql`lower(${users.userName}) = lower(${keyword}::text)`;

/** A user of a first page, with how the nickname matches (`matchRank`). */
type UserHit = SearchUser & { rank: number };

const hitColumns = (keyword: string) => ({
  userId: users.id,
  userName: users.userName,
  avatar: users.avatar,
  rank: matchRank(name, keyword),
});

/**
 * Users a walk reads newest first for the unfollowed matches: a sequential read of `users` (a
 * row costs a tenth of a followed user's, which is looked up by id), so a word in one user in 100
 * fills the window within them.
 */
export const NEWEST_ROWS = 5 * WALK_ROWS;

/** A window of matches, and whether a walk found all of it (a GIN read always does). */
interface UserWindow {
  rows: UserHit[];
  full: boolean;
}

/**
 * The {@link USER_WINDOW} most-followed users holding the keyword (then the highest id). `gin`:
 * the matches from the GIN bitmap, the most followed kept (`coalesce` is an expression no index
 * orders, so the planner does not walk the followers index computing grams per row). `walk`, one
 * statement of two parts, each nickname tested with `strpos` (a word whole holds its grams): the
 * followed users down `user_counts_followers_idx` (at most {@link WALK_ROWS}), and the newest
 * {@link NEWEST_ROWS} users (unfollowed users rank by id, so the first 100 matches by id hold every
 * unfollowed one of the window); the two, the followed first, ranked as one. The walk is the whole
 * window when the followed part fills it, or when it read every followed user and the newest part
 * found 100. Exported for the tests.
 */
export async function userWindow(db: ReadDb, keyword: string, path: WindowPath): Promise<UserWindow> {
  if (path === 'gin') {
    const rows = await db
      .select({ ...hitColumns(keyword), followerCount })
      .from(users)
      .leftJoin(userCounts, eq(userCounts.userId, users.id))
      .where(matchingUsers(keyword))
      .orderBy(desc(followerCount), desc(users.id))
      .limit(USER_WINDOW);
    return { rows, full: true };
  }
  const followedOnly = gt(userCounts.followers, 0);
  const walked = db
    .select({
      id: sql<number>`${userCounts.userId}`.as('walk_id'),
      followers: sql<number>`${userCounts.followers}`.as('walk_followers'),
    })
    .from(userCounts)
    .where(followedOnly)
    .orderBy(desc(userCounts.followers), desc(userCounts.userId))
    .limit(WALK_ROWS)
    .as('walked');
  const followedRead = sql<number>`(select count(*)::int from (select 1 from ${userCounts} where ${followedOnly} limit ${WALK_ROWS}) f)`;
  const followed = db
    .select({ ...hitColumns(keyword), followerCount: walked.followers, followedRead })
    .from(walked)
    .innerJoin(users, eq(users.id, walked.id))
    .where(wordsInside(name, keyword, true))
    .orderBy(desc(walked.followers), desc(walked.id))
    .limit(USER_WINDOW);
  const newest = db
    .select({
      id: sql<number>`${users.id}`.as('new_id'),
      userName: sql<string>`${users.userName}`.as('new_name'),
      avatar: sql<string>`${users.avatar}`.as('new_avatar'),
    })
    .from(users)
    .orderBy(desc(users.id))
    .limit(NEWEST_ROWS)
    .as('newest');
  const newestName = sql`${newest.userName}`;
  const unfollowed = db
    .select({
      userId: newest.id,
      userName: newest.userName,
      avatar: newest.avatar,
      rank: matchRank(newestName, keyword),
      followerCount: sql<number>`0`,
      followedRead,
    })
    .from(newest)
    .where(wordsInside(newestName, keyword, true))
    .orderBy(desc(newest.id))
    .limit(USER_WINDOW);
  const both = await unionAll(followed, unfollowed);
  const seen = new Set<number>();
  // Ranked, then each user once: a followed user the newest part met too (as 0) keeps its followers.
  const rows = both
    .sort((a, b) => b.followerCount - a.followerCount || b.userId - a.userId)
    .filter((row) => !seen.has(row.userId) && seen.add(row.userId))
    .slice(0, USER_WINDOW)
    .map(({ followedRead: _, ...row }) => row);
  const followedCount = both.filter((row) => row.followerCount > 0).length;
  const allFollowedRead = (both[0]?.followedRead ?? 0) < WALK_ROWS;
  const full =
    followedCount === USER_WINDOW || (allFollowedRead && both.length - followedCount === USER_WINDOW);
  return { rows, full };
}

/** The (at most {@link USER_WINDOW}) users named exactly the keyword, most followed first. */
function exactUsers(db: ReadDb, keyword: string) {
  return db
    .select({ ...hitColumns(keyword), followerCount })
    .from(users)
    .leftJoin(userCounts, eq(userCounts.userId, users.id))
    .where(exactName(keyword))
    .orderBy(desc(followerCount), desc(users.id))
    .limit(USER_WINDOW);
}

/** Rank, then followers, then the highest id: the order of every page. */
const byRank = (a: UserHit, b: UserHit) =>
  a.rank - b.rank || b.followerCount - a.followerCount || b.userId - a.userId;

/**
 * The head of the results that first pages show: the exact nicknames (even unfollowed: someone
 * typing a whole nickname finds that user) and the window, ranked.
 */
async function userHead(db: ReadDb, keyword: string): Promise<UserHit[]> {
  const [exact, window] = await Promise.all([
    exactUsers(db, keyword),
    readLearning(
      `user:${keyword}`,
      (p) => userWindow(db, keyword, p),
      (win) => win.full,
    ),
  ]);
  const exactIds = new Set(exact.map((row) => row.userId));
  return [...exact, ...window.rows.filter((row) => !exactIds.has(row.userId))].sort(byRank);
}

/**
 * A page past the window: every match, the head's first (the exact nicknames and the window,
 * as {@link userHead} reads them from GIN), so paging shows each match once.
 */
function deepUsers(db: ReadDb, keyword: string, offset: number, take: number) {
  const topIds = (where: SQL) =>
    db
      .select({ id: users.id })
      .from(users)
      .leftJoin(userCounts, eq(userCounts.userId, users.id))
      .where(where)
      .orderBy(desc(followerCount), desc(users.id))
      .limit(USER_WINDOW);
  const exactIds = topIds(exactName(keyword));
  const windowIds = topIds(matchingUsers(keyword));
  const outside = sql`(${users.id} not in (${exactIds}) and ${users.id} not in (${windowIds}))`;
  return db
    .select({ ...hitColumns(keyword), followerCount })
    .from(users)
    .leftJoin(userCounts, eq(userCounts.userId, users.id))
    .where(matchingUsers(keyword))
    .orderBy(outside, matchRank(name, keyword), desc(followerCount), desc(users.id))
    .limit(take)
    .offset(offset);
}

/**
 * Users by nickname: exact, prefix, inside; then followers, then the highest id. First pages
 * (offset + page ≤ {@link USER_WINDOW}) rank the exact nicknames and the window of the most
 * followed matches, walked down the followers index unless the keyword's last walk gave up.
 */
export function searchUsers(db: ReadDb, keyword: string, page: PageQuery): Promise<Page<SearchUser>> {
  return offsetPage(
    page,
    async (offset, take): Promise<UserHit[]> =>
      offset + take > USER_WINDOW
        ? deepUsers(db, keyword, offset, take)
        : (await userHead(db, keyword)).slice(offset, offset + take),
    ({ rank: _rank, ...user }) => user,
  );
}
