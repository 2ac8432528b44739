import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { INVITE_TEXT } from '../apps/web/app/lib/ui-text/invite';
import { SHARE_PANEL_TEXT } from '../apps/web/app/lib/ui-text/share-panel';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { WECHAT_USER_AGENT } from './support/wechat';

// Issue 28 point 10: sharing in a browser says what happened. The share button opens a panel (a
// modal bottom sheet): the link, copied at once and shown, in one wording with the invitation's
// (…已复制，快发给好友吧); a poster with the link's QR code to save, drawn on demand by a chunk of
// its own; WeChat's menu hint in WeChat. In the app the native share sheet stays.

const CONTENT_ID = 2;

/** A plain browser without the web share sheet, on a content, hydrated and settled. */
async function openContent(page: Page, baseURL: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  await page.goto(`${baseURL}/community/content/${CONTENT_ID}`);
  await waitForHydration(page);
  await page.waitForFunction(() => document.documentElement.dataset.routesWarm === 'true');
}

describe('the share panel in a browser (issue 28 point 10)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('copies the link, shows it and says so; Esc closes it and gives focus back to the share button', async () => {
    const page = await phone.newPage();
    await openContent(page, baseURL);
    await page.getByTestId('share-button').click();
    const panel = page.getByRole('dialog', { name: SHARE_PANEL_TEXT.title });
    await panel.waitFor();
    const link = `${baseURL}/note/details?id=${CONTENT_ID}`;
    expect(await panel.getByTestId('share-panel-link').textContent()).toBe(link);
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('链接已复制，快发给好友吧');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // One wording for what sharing did: the invitation says the same of its link.
    expect(INVITE_TEXT.linkCopied).toBe('邀请链接已复制，快发给好友吧');
    expect(INVITE_TEXT.linkCopied.endsWith(SHARE_PANEL_TEXT.linkCopied)).toBe(true);

    // Accessible: a modal dialog with its name, no critical or serious axe finding.
    await page.evaluate(axe.source);
    const violations = await page.evaluate(async () => {
      const run = await (window as unknown as { axe: typeof axe }).axe.run('[data-testid="share-panel"]', {
        resultTypes: ['violations'],
      });
      return run.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
    });
    expect(violations).toEqual([]);

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'share-button',
    );
    // Again: a fresh panel, and its copy button says it once more.
    await page.getByTestId('share-button').click();
    await panel.waitFor();
    await panel.getByTestId('share-panel-copy').click();
    await expect.poll(() => panel.getByRole('status').textContent()).toBe(SHARE_PANEL_TEXT.linkCopied);
    await page.context().close();
  });

  it('draws a poster with the QR code on demand (its code loads then, not with the page) to save', async () => {
    const page = await phone.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await openContent(page, baseURL);
    await page.getByTestId('share-button').click();
    const panel = page.getByTestId('share-panel');
    await panel.waitFor();
    expect(scripts.filter((url) => /share-poster/.test(url))).toEqual([]);

    await panel.getByTestId('share-panel-poster').click();
    const poster = panel.getByTestId('share-poster');
    await poster.waitFor();
    expect(scripts.filter((url) => /share-poster/.test(url))).toHaveLength(1);
    const image = poster.getByRole('img');
    expect(await image.getAttribute('alt')).toMatch(/^「.+」的分享海报$/);
    const drawn = await image.evaluate((img: HTMLImageElement) =>
      img
        .decode()
        .then(() => ({ src: img.src.slice(0, 22), width: img.naturalWidth, height: img.naturalHeight })),
    );
    expect(drawn).toEqual({ src: 'data:image/png;base64,', width: 750, height: 1200 });
    const save = poster.getByTestId('share-poster-save');
    expect(await save.getAttribute('download')).toBe('share-poster.png');
    expect(await save.textContent()).toBe(SHARE_PANEL_TEXT.posterSave);
    await page.context().close();
  });

  it("in WeChat's browser the panel points to WeChat's menu and copies nothing unasked", async () => {
    const page = await phone.newPage({ userAgent: WECHAT_USER_AGENT });
    await page.route('https://res.wx.qq.com/**', (route) => route.fulfill({ body: '' }));
    await openContent(page, baseURL);
    await page.getByTestId('share-button').click();
    const panel = page.getByRole('dialog', { name: SHARE_PANEL_TEXT.title });
    await panel.waitFor();
    expect(await panel.getByTestId('share-panel-wechat').textContent()).toBe(SHARE_PANEL_TEXT.wechatHint);
    expect(await panel.getByRole('status').textContent()).toBe('');
    await panel.getByTestId('share-panel-close').click();
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('share in the app keeps the native sheet (simulator)', () => {
  const apps = useAppSimulator();

  it('the share button calls the bridge share; no panel opens', async () => {
    const sim = await apps.launch();
    await sim.goto(`/community/content/${CONTENT_ID}`);
    await waitForHydration(sim.page);
    const since = Date.now();
    await sim.page.getByTestId('share-button').click();
    await sim.waitForCall('share', { since });
    expect(await sim.page.getByTestId('share-panel').count()).toBe(0);
  });
});
