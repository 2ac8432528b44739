import type { Page, PageQuery, SearchUser } from '@h5/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
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
 * The {@link USER_WINDOW} most-followed users holding the keyword (then the highest id). `gin`:
 * the matches from the GIN bitmap, the most followed kept (`coalesce` is an expression no index
 * orders, so the planner does not walk the followers index computing grams per row). `walk`: the
 * first {@link WALK_ROWS} rows of `user_counts_followers_idx` (every user has a row, 0044), each
 * nickname tested with `strpos` (the same test: a word whole holds its grams); complete only
 * when it fills the window. Exported for the tests.
 */
export function userWindow(db: ReadDb, keyword: string, path: WindowPath): Promise<UserHit[]> {
  if (path === 'gin')
    return db
      .select({ ...hitColumns(keyword), followerCount })
      .from(users)
      .leftJoin(userCounts, eq(userCounts.userId, users.id))
      .where(matchingUsers(keyword))
      .orderBy(desc(followerCount), desc(users.id))
      .limit(USER_WINDOW);
  const walked = db
    .select({
      id: sql<number>`${userCounts.userId}`.as('walk_id'),
      followers: sql<number>`${userCounts.followers}`.as('walk_followers'),
    })
    .from(userCounts)
    .orderBy(desc(userCounts.followers), desc(userCounts.userId))
    .limit(WALK_ROWS)
    .as('walked');
  return db
    .select({ ...hitColumns(keyword), followerCount: walked.followers })
    .from(walked)
    .innerJoin(users, eq(users.id, walked.id))
    .where(wordsInside(name, keyword, true))
    .orderBy(desc(walked.followers), desc(walked.id))
    .limit(USER_WINDOW);
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
      (rows) => rows.length === USER_WINDOW,
    ),
  ]);
  const exactIds = new Set(exact.map((row) => row.userId));
  return [...exact, ...window.filter((row) => !exactIds.has(row.userId))].sort(byRank);
}

/**
 * A page past the window: every match, the head's first (the exact nicknames and the window,
 * as {@link userHead} reads them from GIN), so paging shows each match once.
 */
function deepUsers(db: ReadDb, keyword: string, offset: number, take: number) {
  const exactIds = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(userCounts, eq(userCounts.userId, users.id))
    .where(exactName(keyword))
    .orderBy(desc(followerCount), desc(users.id))
    .limit(USER_WINDOW);
  const windowIds = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(userCounts, eq(userCounts.userId, users.id))
    .where(matchingUsers(keyword))
    .orderBy(desc(followerCount), desc(users.id))
    .limit(USER_WINDOW);
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
