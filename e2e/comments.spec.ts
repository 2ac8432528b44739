import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Needs the content detail page (/community/content/:id) to render <CommentSection />.
describe('comments on the content detail page (phone browser)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  /** A seeded content whose first page of replies shows a known emoji token. */
  async function contentWithEmoji() {
    const api = e2eApi(baseURL);
    const { list: emojis } = await api(contract.community.emojiList, {});
    const names = new Set(emojis.map((e) => e.name));
    const feed = await api(contract.content.moreRecommend, { limit: 40 });
    for (const card of feed.list) {
      const page = await api(contract.community.replyList, { contentId: card.contentId, limit: 20 });
      const token = page.list
        .flatMap((r) => [...r.content.matchAll(/\[([^[\]]+)\]/g)].map((m) => m[1] as string))
        .find((name) => names.has(name));
      if (token) return { contentId: card.contentId, token, emojis };
    }
    throw new Error('no seeded content in the first feed page has a reply with an emoji');
  }

  it('reads comments with emoji images, posts one with an emoji that survives a reload, deletes it', async () => {
    const { contentId, token, emojis } = await contentWithEmoji();
    const tokens = await apiLogin(baseURL);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    const section = page.getByTestId('comment-section');
    await section.waitFor();
    await section.getByTestId('comment').first().waitFor();
    // The seeded token is an inline image named by its token, not the bracketed text.
    await section.locator(`img[alt="[${token}]"]`).first().waitFor();

    const text = `e2e 评论 ${Date.now()}`;
    // The composer is a sheet opened from the bottom bar (issue 28 point 2).
    await page.getByTestId('comment-entry').click();
    await section.getByTestId('comment-input').fill(text);
    await section.getByTestId('comment-emoji-toggle').click();
    const emoji = emojis[0]?.name ?? '';
    await section.locator(`[data-testid="comment-emoji"][data-name="${emoji}"]`).click();
    expect(await section.getByTestId('comment-input').inputValue()).toBe(`${text}[${emoji}]`);
    const posted = page.waitForResponse((r) => r.url().includes(contract.community.replyAdd.path));
    await section.getByTestId('comment-send').click();
    await posted;
    const mine = section.getByTestId('comment').filter({ hasText: text });
    await mine.waitFor();
    await mine.locator(`img[alt="[${emoji}]"]`).waitFor();
    expect(await section.getByTestId('comment-input').inputValue()).toBe('');

    await page.reload();
    await waitForHydration(page);
    const again = page.getByTestId('comment-section').getByTestId('comment').filter({ hasText: text });
    await again.waitFor();
    await again.locator(`img[alt="[${emoji}]"]`).waitFor();

    await again.getByTestId('comment-delete').click();
    const deleted = page.waitForResponse((r) => r.url().includes(contract.community.replyDelete.path));
    await page.getByTestId('comment-delete-confirm').click();
    await deleted;
    await again.waitFor({ state: 'detached' });
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('comment-section').getByTestId('comment').first().waitFor();
    expect(await page.getByTestId('comment').filter({ hasText: text }).count()).toBe(0);
    await page.context().close();
  });
  it('posts once when the first answer is lost and the user sends again', async () => {
    const api = e2eApi(baseURL);
    const [card] = (await api(contract.content.moreRecommend, { limit: 1 })).list;
    const contentId = card?.contentId as number;
    const tokens = await apiLogin(baseURL);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    // The first post reaches the server, but its answer never reaches the page.
    let lost = 0;
    await page.route(`**${contract.community.replyAdd.path}**`, async (route) => {
      if (lost > 0) return route.continue();
      lost += 1;
      await route.fetch();
      return route.abort('connectionreset');
    });
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    const section = page.getByTestId('comment-section');
    // The section is lazy: type once its first page (or its empty state) has rendered.
    await section.getByTestId('comment').first().or(section.getByTestId('comment-empty')).waitFor();
    const text = `e2e 重发 ${Date.now()}`;
    // The composer is a sheet opened from the bottom bar (issue 28 point 2).
    await page.getByTestId('comment-entry').click();
    await section.getByTestId('comment-input').fill(text);
    await section.getByTestId('comment-send').click();
    await expect.poll(() => lost).toBe(1);
    // The draft stays; the second tap carries the same requestId.
    await expect.poll(() => section.getByTestId('comment-input').inputValue()).toBe(text);
    const posted = page.waitForResponse((r) => r.url().includes(contract.community.replyAdd.path));
    await section.getByTestId('comment-send').click();
    expect((await (await posted).json()).code).toBe(200);
    await section.getByTestId('comment').filter({ hasText: text }).waitFor();
    const stored = await api(contract.community.replyList, { contentId, limit: 40 });
    expect(stored.list.filter((reply) => reply.content === text)).toHaveLength(1);
    await page.context().close();
  });
});
