import { contract } from '@h5/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../../db/schema';
import { createTestApp, insertTestUsers, selectRows, signedInUser, type TestApp } from '../../test-utils';
import { followerGroups } from './data-center-queries';

// Issue 33 point 2: the fans portrait reads `creator_follower_groups`, kept by triggers on follows
// and on a change of a user's gender, birth year or region (migration 0038). After any mix of
// follows, unfollows and profile changes, and after a burst of them at once (on PostgreSQL with
// DATABASE_URL, ten pooled connections), it equals grouping the follows by the profiles.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every kept group that differs from grouping the follows now (both ways), all authors: [] when right. */
async function portraitMismatch(): Promise<unknown[]> {
  const counted = sql`
    select f.followee_id, case when grouping(u.gender) = 0 then 'gender' when grouping(u.birth_year) = 0
        then 'birthYear' else 'region' end,
      coalesce(u.gender::text, u.birth_year::text, u.region, ''), count(*)::integer
    from follows f join users u on u.id = f.follower_id
    group by grouping sets ((f.followee_id, u.gender), (f.followee_id, u.birth_year), (f.followee_id, u.region))`;
  const kept = sql`select author_id, kind, key, followers from creator_follower_groups where followers <> 0`;
  return selectRows(
    t.db,
    sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
  );
}

const newUsers = (n: number, name: string) => insertTestUsers(t.db, n, name);

const groupsOf = async (authorId: number) =>
  (await followerGroups(t.db, authorId)).map((g) => `${g.kind}:${g.key}=${g.n}`).sort();

describe('fans portrait counters', () => {
  it('the migration counted the seeded follows', async () => {
    expect(await portraitMismatch()).toEqual([]);
    // The seeded creator (user 1) has followers of every kind.
    expect((await groupsOf(1)).length).toBeGreaterThan(3);
  });

  it('stay a grouping of the follows through follows, unfollows and profile changes', async () => {
    const [author] = await newUsers(1, '画像作者');
    const fan = await signedInUser(t.app, t.db, '画像粉丝');
    const [b, c] = (await newUsers(2, '画像粉丝')) as [number, number];
    const as = { cookies: fan.cookies };
    await t.signedInject(contract.community.followAdd, { userId: author as number }, as);
    await t.db.insert(follows).values([
      { followerId: b, followeeId: author as number },
      { followerId: c, followeeId: author as number },
    ]);
    await t.signedInject(contract.auth.updateProfile, { gender: 2, birthYear: 2000, region: '浙江省' }, as);
    await t.db.execute(sql`update users set gender = 1, region = '广东省' where id = ${b}`);
    expect(await groupsOf(author as number)).toEqual([
      'birthYear:2000=1',
      'birthYear:=2',
      'gender:1=1',
      'gender:2=1',
      'gender:=1',
      'region:=1',
      'region:广东省=1',
      'region:浙江省=1',
    ]);
    // A change of nothing counted moves nothing; a change back and an unfollow do.
    await t.db.execute(sql`update users set user_name = '画像改名' where id = ${b}`);
    await t.signedInject(
      contract.auth.updateProfile,
      { gender: null, birthYear: 2000, region: '浙江省' },
      as,
    );
    await t.signedInject(contract.community.followAdd, { userId: author as number, follow: false }, as);
    await t.db.execute(sql`update users set birth_year = 1990 where id = ${c}`);
    expect(await groupsOf(author as number)).toEqual([
      'birthYear:1990=1',
      'birthYear:=1',
      'gender:1=1',
      'gender:=1',
      'region:=1',
      'region:广东省=1',
    ]);
    expect(await portraitMismatch()).toEqual([]);
  });

  it('stay a grouping after a burst of follows, unfollows and profile changes at once', async () => {
    const authors = await newUsers(2, '并发作者');
    const fans = await newUsers(12, '并发画像粉丝');
    const follow = (followerId: number, followeeId: number) =>
      t.db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
    const unfollow = (followerId: number) =>
      t.db.execute(
        sql`delete from follows where follower_id = ${followerId} and followee_id = ${authors[0]}`,
      );
    const profile = (userId: number, i: number) =>
      t.db.execute(
        sql`update users set gender = ${1 + (i % 2)}, birth_year = ${1990 + (i % 5)}, region = ${i % 3 ? '北京市' : null} where id = ${userId}`,
      );
    // Each fan follows both authors twice, unfollows the first and changes profile twice, all at once.
    await Promise.all(
      fans.flatMap((id, i) => [
        follow(id, authors[0] as number),
        follow(id, authors[1] as number),
        profile(id, i),
        follow(id, authors[0] as number),
        unfollow(id),
        profile(id, i + 1),
        follow(id, authors[1] as number),
      ]),
    );
    expect(await portraitMismatch()).toEqual([]);
    const [followers] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from follows where followee_id = ${authors[1]}`,
    );
    expect(followers?.n).toBe(12);
    const second = await followerGroups(t.db, authors[1] as number);
    expect(second.filter((g) => g.kind === 'gender').reduce((n, g) => n + g.n, 0)).toBe(12);
    await t.db.delete(follows).where(inArray(follows.followerId, fans));
    expect(await followerGroups(t.db, authors[1] as number)).toEqual([]);
    expect(await portraitMismatch()).toEqual([]);
  });
});
