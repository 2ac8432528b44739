import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate';
import { emojis } from '../../db/schema';
import { EMOJI_SET } from '../../db/seed/vocab';
import { createTestApp, type TestApp } from '../../test-utils';
import { emojiAssetsFolder } from './emoji-assets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Issue 28 point 3: the comment emoji are kept, licensed pictures of what their names say.
describe('the kept comment emoji', () => {
  it('are twenty different pictures in the repository, each named in the licence', () => {
    const licence = readFileSync(join(emojiAssetsFolder(), 'LICENSE.md'), 'utf8');
    const hashes = EMOJI_SET.map(([name, file, char]) => {
      const svg = readFileSync(join(emojiAssetsFolder(), file), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* viewBox="0 0 36 36">/);
      expect(licence).toContain(char ? `| ${file} | ${char} | ${name} |` : file);
      return createHash('sha256').update(svg).digest('hex');
    });
    expect(new Set(hashes).size).toBe(EMOJI_SET.length);
    expect(EMOJI_SET.map(([name]) => name)).toEqual(
      expect.arrayContaining(['火', '爱心', '鼓掌', '鞋子', '吃瓜', '666']),
    );
  });

  it('serves every seeded emoji row from the folder, as an SVG under the CDN CSP, cached', async () => {
    const rows = await t.db.select().from(emojis);
    expect(rows).toHaveLength(EMOJI_SET.length);
    for (const row of rows) {
      expect(row.url).toMatch(/^\/cdn\/emoji\/[\w-]+\.svg$/);
      const res = await t.app.inject(row.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'self'; sandbox",
      );
      const file = EMOJI_SET.find(([name]) => name === row.name)?.[1] ?? '';
      expect(res.body).toBe(readFileSync(join(emojiAssetsFolder(), file), 'utf8'));
    }
  });

  it('answers 404 NoSuchKey for anything else in or outside the folder', async () => {
    for (const path of ['/cdn/emoji/1f4a9.svg', '/cdn/emoji/LICENSE.md', '/cdn/emoji/..%2Fpackage.json']) {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'NoSuchKey' });
    }
  });

  it('moves a database seeded before onto them (migration 0025), leaving other mappings alone', async () => {
    await t.db.update(emojis).set({ url: '/cdn/seed/emoji-4.svg?w=64&h=64' }).where(eq(emojis.name, '火'));
    await t.db.insert(emojis).values({ name: '自定义', url: '/cdn/custom.png' }).onConflictDoNothing();
    await t.db.execute(sql.raw(readFileSync(join(migrationsFolder(), '0025_kept_emoji.sql'), 'utf8')));
    const rows = await t.db.select().from(emojis);
    expect(rows.find((r) => r.name === '火')?.url).toBe('/cdn/emoji/1f525.svg');
    expect(rows.find((r) => r.name === '自定义')?.url).toBe('/cdn/custom.png');
    await t.db.delete(emojis).where(eq(emojis.name, '自定义'));
  });
});
