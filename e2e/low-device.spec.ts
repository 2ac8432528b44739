import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEBUG_TEXT } from '../apps/web/app/lib/ui-text/debug';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, pageViewSent, waitForHydration } from './support/page';

const VIDEO_CONTENT = 5;

/** Makes the browser report this memory (GB) and core count, as a phone's would (spec §9 facts). */
async function reportDevice(context: BrowserContext, memoryGb: number, cores: number) {
  await context.addInitScript(
    ([memory, cpus]) => {
      Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => memory, configurable: true });
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {
        get: () => cpus,
        configurable: true,
      });
    },
    [memoryGb, cores] as const,
  );
}

/** Goes to `path` and waits until the platform boot has finished (it judges the device first). */
async function visit(page: Page, url: string) {
  const booted = pageViewSent(page);
  await page.goto(url);
  await waitForHydration(page);
  await booted;
}

const coverSources = (page: Page) =>
  page
    .locator(`${FEED_CARD} img[fetchpriority], ${FEED_CARD} img[loading]`)
    .evaluateAll((imgs) =>
      imgs
        .map((img) => (img as HTMLImageElement).getAttribute('src') ?? '')
        .filter((src) => src.includes('/cdn/seed/') && src.includes('.jpg')),
    );

/** Per feed card in feed order (the DOM is in columns): its cover's loading and fetchpriority. */
const coverLoading = (page: Page) =>
  page.locator(FEED_CARD).evaluateAll((cards) =>
    cards
      .map((card) => {
        const img = card.querySelector(':scope > a img');
        return {
          position: Number((card as HTMLElement).dataset.position),
          loading: img?.getAttribute('loading') ?? null,
          priority: img?.getAttribute('fetchpriority') ?? null,
        };
      })
      .sort((a, b) => a.position - b.position),
  );

/**
 * The covers loaded eagerly are those of the first `n` cards, plus the one cover asked for first
 * (fetchpriority high: the likely LCP element, which may sit lower on the first screen).
 */
async function expectEagerCovers(page: Page, n: number) {
  const covers = await coverLoading(page);
  const first = covers.filter((c) => c.priority === 'high');
  expect(first).toHaveLength(1);
  const expected = covers.map((c, i) =>
    c.loading === null ? null : i < n || c.priority === 'high' ? 'eager' : 'lazy',
  );
  expect(covers.map((c) => c.loading)).toEqual(expected);
  expect(expected.slice(0, n).filter((l) => l === 'eager').length).toBeGreaterThan(0);
  expect((first[0]?.position ?? Number.POSITIVE_INFINITY) < 8).toBe(true);
}

describe('low-device mode (spec §9 rule)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a strong phone gets the full pages: 360-px q_75 covers, four eager, an autoplaying muted video', async () => {
    const page = await phone.newPage({ deviceScaleFactor: 3 });
    await reportDevice(page.context(), 8, 8);
    await visit(page, `${baseURL}/`);
    expect(await page.evaluate(() => document.documentElement.className)).toBe('');
    const covers = await coverSources(page);
    expect(covers.length).toBeGreaterThan(4);
    for (const src of covers)
      expect(src).toContain('x-oss-process=image/resize,w_360/quality,q_75/format,webp');
    await expectEagerCovers(page, 4);

    await visit(page, `${baseURL}/community/content/${VIDEO_CONTENT}`);
    const video = page.getByTestId('detail-video');
    expect(await video.evaluate((v: HTMLVideoElement) => [v.autoplay, v.muted, v.preload])).toEqual([
      true,
      true,
      'metadata',
    ]);
    expect(await video.getAttribute('poster')).toContain('resize,w_750/quality,q_75');
    await page.context().close();
  });

  it('a 1 GB, 2-core, 1x phone gets lighter pages from its second page on, straight from the server', async () => {
    const page = await phone.newPage({ deviceScaleFactor: 1 });
    await reportDevice(page.context(), 1, 2);
    // First visit: the server cannot know yet; the page lightens itself once the boot has judged,
    // but a cover already asked for keeps its size (a swap would load it twice): only the covers
    // mounted after the verdict, the next page's, are light.
    await visit(page, `${baseURL}/`);
    expect(await page.evaluate(() => document.documentElement.className)).toBe('low-device');
    const firstPage = await coverSources(page);
    expect(firstPage.length).toBeGreaterThan(4);
    for (const src of firstPage) expect(src).toContain('resize,w_360/quality,q_75');
    const laterCovers = async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      return (await coverSources(page)).filter((src) => !firstPage.includes(src));
    };
    await expect.poll(async () => (await laterCovers()).length).toBeGreaterThan(0);
    for (const src of await laterCovers()) expect(src).toContain('resize,w_240/quality,q_50');

    // Second page: the server read the page's cookie; the HTML itself asks for the small covers.
    const html = await (await page.request.get(`${baseURL}/`)).text();
    expect(html).toMatch(/<html lang="zh-CN" class="low-device">/);
    expect(html).toContain('resize,w_240/quality,q_50/format,webp');
    expect(html).not.toContain('resize,w_360/quality,q_75/format,webp');

    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image') requested.push(r.url());
    });
    await visit(page, `${baseURL}/`);
    const seedCovers = requested.filter((url) => url.includes('/cdn/seed/') && url.includes('.jpg'));
    expect(seedCovers.length).toBeGreaterThan(0);
    for (const url of seedCovers) expect(url).toContain('resize,w_240/quality,q_50');
    // Fewer prefetches: two eager covers, not four.
    await expectEagerCovers(page, 2);
    // No heavy motion: animations, transitions and the top bar's blur are off.
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).backdropFilter),
    ).toBe('none');

    await visit(page, `${baseURL}/community/content/${VIDEO_CONTENT}`);
    const video = page.getByTestId('detail-video');
    expect(await video.evaluate((v: HTMLVideoElement) => [v.autoplay, v.preload, v.paused])).toEqual([
      false,
      'none',
      true,
    ]);
    expect(await video.getAttribute('poster')).toContain('resize,w_360/quality,q_50');
    await page.context().close();
  });

  it('the debug console shows the verdict and its facts (平台 tab)', async () => {
    const page = await phone.newPage({ deviceScaleFactor: 1 });
    await reportDevice(page.context(), 1, 2);
    await visit(page, `${baseURL}/?debug=1`);
    await page.locator('#__vconsole .vc-switch').click();
    await page.locator('#__vconsole .vc-tab', { hasText: DEBUG_TEXT.platformName }).click();
    const device = page.getByTestId('diag-device');
    await device.waitFor();
    const field = (name: string) => device.locator(`[data-field="${name}"] span`).nth(1).textContent();
    expect(await field('lowDevice')).toBe('是');
    expect(await field('memoryGb')).toBe('1 GB');
    expect(await field('cores')).toBe('2');
    expect(await field('pixelRatio')).toBe('1');
    expect(await field('downgraded')).toBe('否');
    await page.context().close();
  });
});
