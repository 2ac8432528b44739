import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';

// Issue 28 point 3: an emoji looks like its name. 火 is the fire, 爱心 a heart, 鼓掌 clapping
// hands, 鞋子 a running shoe, 吃瓜 a watermelon, 加油 a flexed arm (Twemoji, kept in
// apps/server/assets/emoji/ under CC-BY 4.0), and 666 the digits 666 (ours). Before, each was one
// of twenty drawn faces (/cdn/seed/emoji-<n>.svg): 666 a dizzy sad face, 加油 a frown.

/** The kept picture each name must show (the Twemoji file is the emoji's code point). */
const EXPECTED: Record<string, string> = {
  火: '1f525.svg', // 🔥
  爱心: '2764.svg', // ❤
  鼓掌: '1f44f.svg', // 👏
  鞋子: '1f45f.svg', // 👟
  吃瓜: '1f349.svg', // 🍉
  加油: '1f4aa.svg', // 💪
  '666': '666.svg',
};
const keptFile = (file: string) =>
  readFileSync(new URL(`../apps/server/assets/emoji/${file}`, import.meta.url), 'utf8');

describe('emoji look like their names', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a comment with [火][爱心][鼓掌][鞋子][吃瓜][加油][666] shows those pictures, loaded only on the page that has them', async () => {
    const api = e2eApi(baseURL);
    const [card] = (await api(contract.content.moreRecommend, { limit: 3 })).list;
    const contentId = card?.contentId as number;
    const text = `emoji ${Date.now()} `;
    const tokens = Object.keys(EXPECTED)
      .map((name) => `[${name}]`)
      .join('');
    await e2eApi(baseURL, await apiLogin(baseURL))(contract.community.replyAdd, {
      contentId,
      content: `${text}${tokens}`,
      requestId: randomUUID(),
    });

    const page = await phone.newPage();
    const emojiRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/cdn/emoji/')) emojiRequests.push(r.url());
    });
    // The feed has no comment: no emoji picture is fetched there (they load only where used).
    await page.goto(baseURL);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(emojiRequests).toEqual([]);

    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    const comment = page
      .getByTestId('comment-section')
      .getByTestId('comment')
      .filter({ hasText: text.trim() });
    await comment.scrollIntoViewIfNeeded();
    for (const [name, file] of Object.entries(EXPECTED)) {
      const img = comment.locator(`img[alt="[${name}]"]`);
      await img.scrollIntoViewIfNeeded();
      expect(new URL((await img.getAttribute('src')) ?? '', baseURL).pathname).toBe(`/cdn/emoji/${file}`);
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
      const served = await page.request.get(new URL(`/cdn/emoji/${file}`, baseURL).href);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toMatch(/^image\/svg\+xml/);
      expect(await served.text()).toBe(keptFile(file));
    }
    // Drawn at the text's size, on its line.
    const box = await comment.locator('img[alt="[火]"]').boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(18);
    expect(box?.height).toBeLessThanOrEqual(28);
    await page.context().close();
  });

  it('the emoji mapping names a kept picture for every emoji, a different file each', async () => {
    const api = e2eApi(baseURL);
    const { list } = await api(contract.community.emojiList, {});
    expect(list.length).toBeGreaterThanOrEqual(20);
    for (const emoji of list) expect(emoji.url).toMatch(/^\/cdn\/emoji\/[\w-]+\.svg$/);
    for (const [name, file] of Object.entries(EXPECTED))
      expect(list.find((e) => e.name === name)?.url).toBe(`/cdn/emoji/${file}`);
    // The twenty pictures are twenty different files.
    expect(new Set(list.map((e) => e.url)).size).toBe(list.length);
  });
});
