import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_CREATOR_ID } from '../apps/server/src/db/seed/creator-portrait';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

describe('messages (issue 32 point 3, phone browser)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');
  // User A: the seeded demo creator (contents of their own); B: a new reader.
  const authorTokens = inject('demoSessions').dataCentre;

  it('B answers and lights A’s content; A’s feed header counts it; 消息 shows each once and opening marks read', async () => {
    const asAuthor = e2eApi(baseURL, authorTokens);
    const asReader = e2eApi(baseURL, await apiLogin(baseURL));
    const home = await asAuthor(contract.community.uhomepageContents, { userId: DEMO_CREATOR_ID, limit: 1 });
    const contentId = home.list[0]?.contentId ?? 0;
    expect(contentId).toBeGreaterThan(0);
    await asAuthor(contract.message.markRead, {});

    // A retried post (same requestId) and a repeated light: one message each.
    const requestId = randomUUID();
    const posted = await asReader(contract.community.replyAdd, {
      contentId,
      content: '消息测试的评论',
      requestId,
    });
    await asReader(contract.community.replyAdd, { contentId, content: '消息测试的评论', requestId });
    await asReader(contract.community.addContentLight, { contentId });
    await asReader(contract.community.delContentLight, { contentId });
    await asReader(contract.community.addContentLight, { contentId });
    const reader = posted.reply.author.userName;
    const counts = await asAuthor(contract.message.unreadCounts, {});
    expect(counts.reply).toBeGreaterThanOrEqual(1);
    expect(counts.light).toBeGreaterThanOrEqual(1);

    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, authorTokens);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const total = await asAuthor(contract.message.unreadCounts, {});
    await expect.poll(() => page.getByTestId('messages-entry-count').textContent()).toBe(String(total.total));

    await page.getByTestId('messages-entry').click();
    await page.waitForURL((url) => url.pathname === '/community/messages');
    await waitForHydration(page);
    const mine = page.getByTestId('message').filter({ hasText: reader });
    await mine.first().waitFor();
    expect(await mine.count()).toBe(1);
    expect(await mine.getAttribute('data-kind')).toBe('reply');
    expect(await mine.getAttribute('data-read')).toBe('false');
    expect(await mine.textContent()).toContain('消息测试的评论');
    // Shown unread once; the tab is marked read: its badge goes, the server agrees.
    await expect.poll(() => page.getByTestId('messages-badge-reply').count()).toBe(0);
    await expect.poll(async () => (await asAuthor(contract.message.unreadCounts, {})).reply).toBe(0);

    await page.getByTestId('messages-tab-light').click();
    // The reply tab's rows stay until the light tab's first page is in: wait for its own rows.
    const lit = page.locator('[data-testid="message"][data-kind="light"]').filter({ hasText: reader });
    await lit.first().waitFor();
    expect(await lit.count()).toBe(1);
    expect(await lit.getAttribute('data-kind')).toBe('light');
    expect(await lit.textContent()).toContain('点亮了你的内容');
    await expect.poll(async () => (await asAuthor(contract.message.unreadCounts, {})).light).toBe(0);

    // Seen once: read on the next visit, and a tap opens the content.
    await page.reload();
    await waitForHydration(page);
    const again = page.getByTestId('message').filter({ hasText: reader });
    await again.first().waitFor();
    expect(await again.getAttribute('data-read')).toBe('true');
    await again.getByTestId('message-link').click();
    await page.waitForURL((url) => url.pathname === `/community/content/${contentId}`);
    await page.context().close();
  });

  it('a session that ends while the feed loads leaves the reader on the feed: no login, no toast', async () => {
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, authorTokens);
    // The badge's read finds the session gone (spec code 700), as when the cookies are cleared
    // between the page and its first calls (seen in client-identity's journey under CI load).
    await page.route(`**${contract.message.unreadCounts.path}*`, (route) =>
      route.fulfill({ json: { code: 700, msg: '登录已过期', data: null } }),
    );
    const badgeRead = page.waitForResponse((r) => r.url().includes(contract.message.unreadCounts.path));
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await badgeRead;
    // Long enough for a navigation to the login to have begun (it starts as the answer is read).
    await page.waitForTimeout(1500);
    expect(documents).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('messages-entry').count()).toBe(1);
    expect(await page.getByTestId('messages-entry-count').count()).toBe(0);
    expect(await page.getByTestId('page-toast').textContent()).toBe('');
    await page.context().close();
  });

  it('sends a visitor to the login', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/messages`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.getByTestId('messages-entry').count()).toBe(0);
    await page.context().close();
  });
});
