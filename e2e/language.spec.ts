import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { operatorApi } from './support/operators';
import { waitForHydration } from './support/page';
import { ROUTE_URLS, routePaths, WALK_URLS } from './support/route-urls';
import { setSessionCookies } from './support/web-login';

// Issue 14 point 1: users see Chinese. On every route (support/route-urls.ts), as a visitor, a new
// user and the seeded creator, the page's own words —
// buttons, headings, labels, placeholders, status and alert lines, hidden screen-reader texts and
// the document title — carry no English. User content (titles, names, product names) is not
// checked: it is whatever people wrote.

/** The spec's English texts, which only the `en` locale may hold (never on screen). */
const SPEC_ENGLISH = [
  'no content yet',
  'Network is weak, please check settings and retry',
  'refresh network',
  'Network Error',
  'network error',
  'loading failed, please retry',
  'Request failed with status code',
  'please choose a colouring environment',
];

/**
 * Latin words allowed in our own UI text: brand-like names users know as they are, and the words
 * the spec's own Chinese texts hold ('Oops，页面开小差了，刷新试试', '客户端 Webview Cookie 缺失').
 */
const ALLOWED_WORDS = new Set(['App', 'AI', 'AR', 'ID', 'Oops', 'Webview', 'Cookie']);

/** The page's own words with a Latin word of two or more letters not in the allowed list. */
async function englishUiText(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // The title less the content's or user's name it carries (user content).
    const named = ['detail-title', 'user-name'].map(
      (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '',
    );
    const out: string[] = [
      named.reduce((title, name) => (name ? title.replace(name, '') : title), document.title),
    ];
    const own = document.querySelectorAll(
      'button, h1, label, [role="status"], [role="alert"], .visually-hidden, nav a, input, textarea',
    );
    for (const el of own) {
      // A button or link whose label is someone's content (a card, an author) is content.
      if (el.closest('[data-testid="feed-card"], [data-testid="comment-section"] li, article')) continue;
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) out.push(el.placeholder);
      else out.push(el.textContent ?? '');
      const label = el.getAttribute('aria-label');
      if (label) out.push(label);
    }
    out.push(document.body.innerText);
    return out;
  });
  const bad: string[] = [];
  const body = texts.pop() ?? '';
  for (const phrase of SPEC_ENGLISH) if (body.includes(phrase)) bad.push(phrase);
  for (const text of texts) {
    const words = text.match(/[A-Za-z]{2,}/g) ?? [];
    if (words.some((w) => !ALLOWED_WORDS.has(w))) bad.push(text.trim().slice(0, 80));
  }
  return bad;
}

describe('one language on screen (issue 14 point 1)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('has a URL for every route of routes.ts', () => {
    expect(routePaths().filter((path) => !(path in ROUTE_URLS))).toEqual([]);
  });

  // The three walks are independent (a context each): run side by side, they take about half the time.
  for (const viewer of ['visitor', 'new user', 'seeded creator'] as const) {
    it.concurrent(`shows no English UI text on any route as a ${viewer}`, async ({ expect }) => {
      const api = e2eApi(baseURL);
      const card = (await api(contract.content.moreRecommend, { limit: 1 })).list[0];
      const lottery = await (await operatorApi('live_ops', baseURL))(contract.lottery.createLottery, {
        streamId: 1,
        hostUserId: card?.author.userId ?? 1,
        prize: '签名球鞋一双',
        quantity: 1,
        entryRule: 'follow',
        drawInSeconds: 3600,
      });
      // Every route (support/route-urls.ts), and screens of them that draw differently.
      const urls = [
        ...WALK_URLS,
        `/community/content/${card?.contentId}`,
        '/community/content/999999999',
        '/community/topic?tagId=0',
        `/live/lottery?lotteryId=${lottery.lotteryId}`,
        '/activity/guide?activityId=new-year-ar',
        '/no/such/page',
      ];
      const found: string[] = [];
      const page = await phone.newPage();
      if (viewer === 'new user') await setSessionCookies(page, baseURL, await apiLogin(baseURL));
      if (viewer === 'seeded creator')
        await setSessionCookies(page, baseURL, inject('demoSessions').dataCentre);
      for (const path of urls) {
        await page.goto(`${baseURL}${path}`);
        await waitForHydration(page).catch(() => undefined);
        await page.waitForTimeout(300);
        for (const text of await englishUiText(page)) found.push(`${path}: ${text}`);
      }
      // The network-error placeholder, as a failed navigation shows it.
      await page.route(/\.data(\?|$)/, (route) => route.abort());
      await page.goto(`${baseURL}/`);
      await waitForHydration(page);
      await page.getByTestId('tab-hot-video').click();
      await page.getByTestId('placeholder-network-error').waitFor();
      expect(await page.getByTestId('placeholder-network-error').innerText()).toContain(
        '网络不给力，请检查网络设置后重试',
      );
      for (const text of await englishUiText(page)) found.push(`failed navigation: ${text}`);
      await page.context().close();
      expect(found).toEqual([]);
    }, 420_000);
  }
});
