import { contract } from '@h5/contract';
import { signParams } from '@h5/core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { DEBUG_TEXT } from '../apps/web/app/lib/ui-text/debug';
import { apiLogin, e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { E2E_SIGN_SECRET } from './support/constants';
import { takeCspViolations } from './support/csp';
import { dismissLoginSheet } from './support/native-login';
import { FEED_API, FEED_CARD, waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';
import { stubWechatSdk, WECHAT_USER_AGENT } from './support/wechat';

/** Issue 11 point 12: the headers of every answer and the SSR pages' nonce-based CSP. */

const FIXED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

const headersOf = (response: Response) => Object.fromEntries(response.headers.entries());
const nonceOf = (csp: string) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1] ?? '';

describe('security headers (real HTTP)', () => {
  const baseURL = inject('baseURL');

  it('a page: the fixed headers and a CSP whose fresh nonce every script of the HTML carries', async () => {
    const first = await fetch(`${baseURL}/`);
    expect(first.status).toBe(200);
    expect(headersOf(first)).toMatchObject(FIXED);
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'nonce-");
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);

    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    for (const link of html.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? [])
      expect(link).toContain(`nonce="${nonce}"`);

    const second = await fetch(`${baseURL}/`);
    expect(nonceOf(second.headers.get('content-security-policy') ?? '')).not.toBe(nonce);
    // The debug console evaluates what a tester types: only its pages allow eval.
    const debug = await fetch(`${baseURL}/?debug=1`);
    expect(debug.headers.get('content-security-policy')).toContain("'unsafe-eval'");
  });

  it('static assets, API answers, refusals and 404s', async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0] ?? '';
    const answers = [
      await fetch(`${baseURL}${asset}`),
      await fetch(`${baseURL}/favicon.svg`),
      await fetch(`${baseURL}/captcha/sdk.js`),
      await fetch(`${baseURL}/cdn/seed/avatar-1.svg?w=64&h=64`),
      await fetch(`${baseURL}${contract.config.clientIp.path}`),
      await fetch(`${baseURL}/sns-nothing/here`),
      await fetch(`${baseURL}/no/such/page`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 403, 404, 404]);
    for (const answer of answers) {
      expect(headersOf(answer), answer.url).toMatchObject(FIXED);
      expect(answer.headers.get('content-security-policy'), answer.url).toContain("frame-ancestors 'self'");
    }
  });

  it('a logged-in reader’s API answers are never stored', async () => {
    const tokens = await apiLogin(baseURL);
    const me = await fetch(`${baseURL}${contract.auth.me.path}?sign=${signParams({}, E2E_SIGN_SECRET)}`, {
      headers: { 'x-auth-token': tokens.xAuthToken },
    });
    expect(me.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the pages’ CSP in the browser', () => {
  const phone = usePhoneBrowser();
  const apps = useAppSimulator();
  const baseURL = inject('baseURL');

  it('an inline script, an event handler or a script tag the server did not write does not run', async () => {
    const page = await phone.newPage();
    await page.route(`${baseURL}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '</body>',
        '<script>window.__injected = "inline"</script>' +
          '<img src="/no-such.png" onerror="window.__injectedHandler = 1">' +
          '<script src="data:text/javascript,window.__injectedSrc=1"></script></body>',
      );
      // The body is decoded here: send it without the original encoding and length.
      const headers = response.headers();
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: response.status(), headers, body: html });
    });
    await page.goto(`${baseURL}/`);
    // The page's own scripts (with the nonce) ran: it hydrated.
    await waitForHydration(page);
    await page.waitForLoadState('load');
    expect(
      await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        return [w.__injected, w.__injectedHandler, w.__injectedSrc];
      }),
    ).toEqual([undefined, undefined, undefined]);
    const reported = takeCspViolations(page).filter((v) => v.via === 'event');
    expect(reported.map((v) => v.text.split(' ')[0]).sort()).toEqual([
      'script-src-attr',
      'script-src-elem',
      'script-src-elem',
    ]);
    await page.context().close();
  });

  it('the main screens run without a violation: feed, detail with comments, login, report with an upload, debug console', async () => {
    const page = await phone.newPage();
    // Feed, and its second page from the browser.
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.locator(FEED_CARD).first().waitFor();
    const more = page.waitForResponse((r) => r.url().includes(FEED_API));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await more;
    expect(takeCspViolations(page), 'feed').toEqual([]);

    // Login: send a code (the development outbox shows it).
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    await page.locator('input[name=phone]').fill('13700137000');
    await page.getByTestId('send-code').click();
    await expect
      .poll(async () => /\d{6}/.test((await page.getByTestId('dev-outbox-code').textContent()) ?? ''))
      .toBe(true);
    expect(takeCspViolations(page), 'login').toEqual([]);

    // Logged in: the detail with its comments, then the report form with an uploaded image.
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 1 });
    const contentId = feed.list[0]?.contentId as number;
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    await page.getByTestId('comment-section').waitFor();
    await page.getByTestId('comment-section').getByTestId('comment').first().waitFor();
    expect(takeCspViolations(page), 'detail').toEqual([]);

    await page.goto(`${baseURL}/feedback/accuse?targetType=content&targetId=${contentId}`);
    await waitForHydration(page);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('evidence-input')
      .setInputFiles([{ name: 'e.png', mimeType: 'image/png', buffer: png }]);
    await expect
      .poll(() => page.getByTestId('evidence-tile').first().getAttribute('data-status'), { timeout: 20_000 })
      .toBe('done');
    await page.getByTestId('evidence-tile').locator('img').first().waitFor();
    expect(takeCspViolations(page), 'report with an upload').toEqual([]);

    // The debug console: vConsole with our plugins, and its command line (eval, allowed here only).
    await page.goto(`${baseURL}/?debug=1`);
    await page.locator('#__vconsole .vc-switch').click();
    await page.locator('#__vconsole .vc-tab', { hasText: DEBUG_TEXT.pluginName }).click();
    await page.locator('#__vconsole .vc-tab', { hasText: DEBUG_TEXT.platformName }).click();
    await page.locator('#__vconsole .vc-tab', { hasText: 'Log' }).click();
    const command = page.locator('#__vconsole textarea[placeholder="command..."]');
    await command.fill('40 + 2');
    await command.press('Enter');
    await page.locator('#__vconsole .vc-log-row', { hasText: '42' }).first().waitFor();
    expect(takeCspViolations(page), 'debug console').toEqual([]);
    await page.context().close();
  });

  it('in WeChat’s browser the JS-SDK loads from its CDN and takes the share data; its CDN sees only our origin', async () => {
    const page = await phone.newPage({ userAgent: WECHAT_USER_AGENT });
    const referers = await stubWechatSdk(page);
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 1 });
    const contentId = feed.list[0]?.contentId as number;
    await page.goto(`${baseURL}/community/content/${contentId}?from=share`);
    await waitForHydration(page);
    await page.waitForFunction(
      () => (window as unknown as { __wx?: { app?: unknown } }).__wx?.app !== undefined,
    );
    const wx = await page.evaluate(
      () => (window as unknown as { __wx: { config: { signature: string }; app: { link: string } } }).__wx,
    );
    expect(wx.config.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(wx.app.link).toBe(`${baseURL}/note/details?id=${contentId}`);
    // strict-origin-when-cross-origin: the CDN learns the origin, not the content page.
    expect(referers).toEqual([`${baseURL}/`]);
    expect(takeCspViolations(page), 'WeChat share').toEqual([]);
    await page.context().close();
  });

  it('in the app simulator: feed, detail, the native login sheet and share', async () => {
    const sim = await apps.launch();
    await sim.goto('/');
    await waitForHydration(sim.page);
    await sim.page.locator(FEED_CARD).first().waitFor();
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 1 });
    await sim.goto(`/community/content/${feed.list[0]?.contentId}`);
    await waitForHydration(sim.page);
    await sim.page.getByTestId('light-button').click();
    await sim.sheet('login').waitFor();
    await dismissLoginSheet(sim);
    const since = Date.now();
    await sim.page.getByTestId('share-button').first().click();
    await sim.waitForCall('share', { since });
    expect(takeCspViolations(sim.page), 'app simulator').toEqual([]);
  });
});
