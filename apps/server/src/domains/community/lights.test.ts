import { contentDetailSchema, contract } from '@h5/contract';
import { NOT_FOUND, SUCCESS, TOURIST } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLights, contents } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh content with no lights, so counts are exact whatever other tests did. */
async function freshContent(): Promise<number> {
  const author = await signedInUser(t.app, t.db, 'light-author');
  const [row] = await t.db
    .insert(contents)
    .values({ authorId: author.userId, contentType: 2, title: 'light me', body: 'text' })
    .returning();
  return (row as { id: number }).id;
}
const countOf = async (contentId: number) => {
  const [row] = await t.db
    .select({ n: contents.lightCount })
    .from(contents)
    .where(eq(contents.id, contentId));
  return row?.n;
};
const rowsOf = (contentId: number) =>
  t.db.select().from(contentLights).where(eq(contentLights.contentId, contentId));

describe('add-content-light / del-content-light', () => {
  it('lights once, un-lights once, and the detail agrees', async () => {
    const contentId = await freshContent();
    const fan = await signedInUser(t.app, t.db, 'lighter');
    const opts = { cookies: fan.cookies };
    const add = await t.signedInject(contract.community.addContentLight, { contentId }, opts);
    expect(add.body).toMatchObject({ code: SUCCESS, data: { contentId, isLight: true, lightCount: 1 } });
    const again = await t.signedInject(contract.community.addContentLight, { contentId }, opts);
    expect(again.body.data).toMatchObject({ isLight: true, lightCount: 1 });

    const detail = await t.signedInject(contract.content.contentDetail, { contentId }, opts);
    expect(contentDetailSchema.parse(detail.body.data)).toMatchObject({ isLight: true, lightCount: 1 });

    const del = await t.signedInject(contract.community.delContentLight, { contentId }, opts);
    expect(del.body.data).toMatchObject({ isLight: false, lightCount: 0 });
    const delAgain = await t.signedInject(contract.community.delContentLight, { contentId }, opts);
    expect(delAgain.body.data).toMatchObject({ isLight: false, lightCount: 0 });
    expect(await rowsOf(contentId)).toHaveLength(0);
  });

  it('keeps one light under 10 concurrent adds by one user', async () => {
    const contentId = await freshContent();
    const fan = await signedInUser(t.app, t.db, 'rapid-lighter');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.signedInject(contract.community.addContentLight, { contentId }, { cookies: fan.cookies }),
      ),
    );
    for (const res of results) expect(res.body.code).toBe(SUCCESS);
    expect(await countOf(contentId)).toBe(1);
    expect(await rowsOf(contentId)).toHaveLength(1);
  });

  it('counts 10 concurrent users as 10, and rapid add/del taps end consistent', async () => {
    const contentId = await freshContent();
    const fans = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signedInUser(t.app, t.db, `crowd-${i}`)),
    );
    await Promise.all(
      fans.map((f) =>
        t.signedInject(contract.community.addContentLight, { contentId }, { cookies: f.cookies }),
      ),
    );
    expect(await countOf(contentId)).toBe(10);

    // One user taps add/del/add/del… at once: whatever order they land in, the count matches the rows.
    const tapper = fans[0] as (typeof fans)[number];
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        t.signedInject(
          i % 2 === 0 ? contract.community.delContentLight : contract.community.addContentLight,
          { contentId },
          { cookies: tapper.cookies },
        ),
      ),
    );
    expect(await countOf(contentId)).toBe((await rowsOf(contentId)).length);
    const mine = await t.db
      .select()
      .from(contentLights)
      .where(and(eq(contentLights.contentId, contentId), eq(contentLights.userId, tapper.userId)));
    expect(mine.length).toBeLessThanOrEqual(1);
  });

  it('asks a visitor to log in and answers 404 for a missing content', async () => {
    const visitor = await t.signedInject(contract.community.addContentLight, { contentId: 1 });
    expect(visitor.body.code).toBe(TOURIST);
    const fan = await signedInUser(t.app, t.db, 'lost-lighter');
    const missing = await t.signedInject(
      contract.community.addContentLight,
      { contentId: 2_000_000_000 },
      { cookies: fan.cookies },
    );
    expect(missing.body.code).toBe(NOT_FOUND);
  });
});
