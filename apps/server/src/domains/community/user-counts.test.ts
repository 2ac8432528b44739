import { contract } from '@h5/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents, follows } from '../../db/schema';
import {
  createTestApp,
  insertTestContents,
  insertTestUsers,
  selectRows,
  signedInUser,
  type TestApp,
} from '../../test-utils';

// Issue 33 point 2: the user home's header and the user search read `user_counts`, kept by
// triggers on follows and contents (migration 0043). After any mix of follows, unfollows,
// publishes, reviews, take-downs, changes of author and deletions, and after a burst of them at
// once (on PostgreSQL with DATABASE_URL, ten pooled connections), it equals a recount.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shown = sql`taken_down_at is null and review_state = 'approved'`;

/** Every user whose kept counts differ from a recount (both ways): [] when right. */
async function countsMismatch(): Promise<unknown[]> {
  const counted = sql`
    select user_id, sum(ers)::integer, sum(ing)::integer, sum(shown)::integer from (
      select followee_id as user_id, 1 as ers, 0 as ing, 0 as shown from follows
      union all select follower_id, 0, 1, 0 from follows
      union all select author_id, 0, 0, 1 from contents where ${shown}
    ) r group by 1`;
  const kept = sql`select user_id, followers, following, shown_contents from user_counts
    where followers <> 0 or following <> 0 or shown_contents <> 0`;
  return selectRows(
    t.db,
    sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
  );
}

const newUsers = (n: number, name: string) => insertTestUsers(t.db, n, name);

const header = async (userId: number) => {
  const res = await t.signedInject(contract.community.uhomepageProfile, { userId });
  const { followerCount, followingCount, contentCount } = res.body.data;
  return { followerCount, followingCount, contentCount };
};

describe('user counters', () => {
  it('the migration counted the seeded follows and contents', async () => {
    expect(await countsMismatch()).toEqual([]);
    const [kept] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from user_counts where followers > 0 and shown_contents > 0`,
    );
    expect(kept?.n).toBeGreaterThan(0);
  });

  it('follow the follows, reviews, take-downs, changes of author and deletions', async () => {
    const [author, other] = (await newUsers(2, '计数作者')) as [number, number];
    const fan = await signedInUser(t.app, t.db, '计数粉丝');
    const as = { cookies: fan.cookies };
    expect(await header(author)).toEqual({ followerCount: 0, followingCount: 0, contentCount: 0 });
    await t.signedInject(contract.community.followAdd, { userId: author }, as);
    await t.db.insert(follows).values({ followerId: author, followeeId: other });
    const ids = await insertTestContents(t.db, author, 5, (i) => (i < 2 ? { reviewState: 'pending' } : {}));
    expect(await header(author)).toEqual({ followerCount: 1, followingCount: 1, contentCount: 3 });
    // Approve one, reject one, take one down, move one to `other`, delete one; a light's update
    // of the counts changes nothing.
    const at = (i: number) => sql`id = ${ids[i]}`;
    await t.db.execute(sql`update contents set review_state = 'approved' where ${at(0)}`);
    expect((await header(author)).contentCount).toBe(4);
    await t.db.execute(sql`update contents set review_state = 'rejected' where ${at(1)}`);
    await t.db.execute(sql`update contents set taken_down_at = now() where ${at(2)}`);
    expect((await header(author)).contentCount).toBe(3);
    await t.db.execute(sql`update contents set author_id = ${other} where ${at(3)}`);
    await t.db.execute(sql`update contents set light_count = light_count + 1 where ${at(4)}`);
    expect(await header(author)).toEqual({ followerCount: 1, followingCount: 1, contentCount: 2 });
    expect((await header(other)).contentCount).toBe(1);
    await t.db.delete(contents).where(inArray(contents.id, [ids[4] as number, ids[3] as number]));
    await t.signedInject(contract.community.followAdd, { userId: author, follow: false }, as);
    expect(await header(author)).toEqual({ followerCount: 0, followingCount: 1, contentCount: 1 });
    expect((await header(other)).contentCount).toBe(0);
    // A follow moved to another pair (an UPDATE of follows) moves both counts.
    await t.db.execute(sql`update follows set followee_id = ${fan.userId} where follower_id = ${author}`);
    expect(await header(author)).toEqual({ followerCount: 0, followingCount: 1, contentCount: 1 });
    expect((await header(other)).followerCount).toBe(0);
    expect((await header(fan.userId)).followerCount).toBe(1);
    expect(await countsMismatch()).toEqual([]);
  });

  it('equal a recount after a burst of all of them at once', async () => {
    const authors = (await newUsers(3, '并发计数作者')) as [number, number, number];
    const fans = await newUsers(12, '并发计数粉丝');
    const ids = await insertTestContents(t.db, authors[0], 24, (i) =>
      i % 3 ? {} : { reviewState: 'pending' },
    );
    const follow = (followerId: number, followeeId: number) =>
      t.db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
    const unfollow = (followerId: number, followeeId: number) =>
      t.db.execute(
        sql`delete from follows where follower_id = ${followerId} and followee_id = ${followeeId}`,
      );
    const change = (id: number, i: number) =>
      [
        sql`update contents set review_state = 'approved' where id = ${id}`,
        sql`update contents set taken_down_at = now() where id = ${id}`,
        sql`update contents set author_id = ${authors[1 + (i % 2)]} where id = ${id}`,
        sql`update contents set review_state = 'rejected', taken_down_at = null where id = ${id}`,
        sql`delete from contents where id = ${id}`,
        sql`update contents set light_count = light_count + 1 where id = ${id}`,
      ].map((q) => () => t.db.execute(q))[i % 6] as () => Promise<unknown>;
    await Promise.all([
      ...fans.flatMap((id, i) => [
        follow(id, authors[0]),
        follow(id, authors[1]),
        follow(authors[2], id),
        unfollow(id, authors[i % 2] as number),
        follow(id, authors[0]),
      ]),
      ...ids.flatMap((id, i) => [change(id, i)(), change(id, i + 1)()]),
      insertTestContents(t.db, authors[1] as number, 6, (i) => (i % 2 ? { reviewState: 'pending' } : {})),
    ]);
    expect(await countsMismatch()).toEqual([]);
    // Everything of the burst undone: the counters come back to nothing.
    await t.db.delete(follows).where(inArray(follows.followerId, [...fans, authors[2]]));
    await t.db.delete(contents).where(inArray(contents.authorId, authors));
    const [left] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from user_counts where user_id in (${sql.join([...authors, ...fans], sql`, `)})
        and (followers, following, shown_contents) <> (0, 0, 0)`,
    );
    expect(left?.n).toBe(0);
    expect(await countsMismatch()).toEqual([]);
  });
});
