import { contract } from '@h5/contract';
import { UPLOAD_MESSAGES } from '@h5/core';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '../apps/server/src/domains/feedback/messages';
import { FEEDBACK_TEXT } from '../apps/web/app/lib/ui-text/feedback';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

const SUBMIT_ACCUSE = contract.feedback.submitAccuse.path;

/** A real PNG of random noise (noise does not compress: ~size bytes per pixel × 3). */
function noisePng(side: number): Promise<Buffer> {
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
}

/** Content ids of the first feed page (seeded), for pages to report. */
async function contentIds(baseURL: string): Promise<number[]> {
  const page = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 10 });
  return page.list.map((card) => card.contentId);
}

/** A phone page signed in as a new user. */
async function signedInPage(phone: ReturnType<typeof usePhoneBrowser>, baseURL: string) {
  const tokens = await apiLogin(baseURL);
  const page = await phone.newPage();
  await setSessionCookies(page, baseURL, tokens);
  return { page, tokens };
}

/** Slows the page's uploads so their progress bars can be seen (Chromium's network emulation). */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

describe('report (举报) with evidence images', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('reports a content with two uploaded images: progress, success, one stored row with both keys on the CDN', async () => {
    const [contentId] = await contentIds(baseURL);
    const { page, tokens } = await signedInPage(phone, baseURL);
    const pngs = [await noisePng(220), await noisePng(240)];

    // From the content page's report entry.
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    await page.getByTestId('report-entry').click();
    await page.waitForURL((url) => url.pathname === '/feedback/accuse');
    await waitForHydration(page);
    expect(new URL(page.url()).searchParams.get('targetId')).toBe(String(contentId));
    await page.getByTestId('accuse-target').waitFor();

    const submit = page.getByTestId('submit');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('radio').first().check();
    await page.getByTestId('description').fill('图片是盗用的，原图在我主页');
    expect(await page.getByTestId('description-counter').textContent()).toBe('13/500');

    await throttleUploads(page, 150 * 1024);
    await page.getByTestId('evidence-input').setInputFiles([
      { name: 'evidence-1.png', mimeType: 'image/png', buffer: pngs[0] as Buffer },
      { name: 'evidence-2.png', mimeType: 'image/png', buffer: pngs[1] as Buffer },
    ]);
    const tiles = page.getByTestId('evidence-tile');
    expect(await tiles.count()).toBe(2);
    // Both show a progress bar while they upload, and the form waits for them.
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(2);
    const nows = await page
      .getByRole('progressbar')
      .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('aria-valuenow'))));
    for (const now of nows) expect(now).toBeLessThan(100);
    expect(await submit.isDisabled()).toBe(true);
    await expect
      .poll(() => tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))), {
        timeout: 30_000,
      })
      .toEqual(['done', 'done']);
    expect(await page.getByRole('progressbar').count()).toBe(0);

    const sent = page.waitForRequest((request) => request.url().includes(SUBMIT_ACCUSE));
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    const body = JSON.parse((await sent).postData() ?? '{}') as { images: { key: string }[] };
    await page.getByTestId('accuse-success').waitFor();
    expect(await page.getByTestId('accuse-success').textContent()).toContain(FEEDBACK_TEXT.successTitle);

    // The stored report: exactly the two uploaded keys, each served by the CDN as the bytes sent.
    const api = e2eApi(baseURL, tokens);
    const info = await api(contract.feedback.accuseInfo, {
      targetType: 'content',
      targetId: String(contentId),
    });
    const accuseId = info.submitted?.accuseId as number;
    const stored = await api(contract.feedback.myAccusation, { accuseId });
    expect(stored.description).toBe('图片是盗用的，原图在我主页');
    expect(stored.images.map((image) => image.key)).toEqual(body.images.map((image) => image.key));
    expect(new Set(stored.images.map((image) => image.key)).size).toBe(2);
    const served = await Promise.all(
      stored.images.map(async (image) => {
        const response = await fetch(`${baseURL}/cdn/${image.key}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^image\/png/);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    expect(served.map((bytes) => bytes.length).sort()).toEqual(pngs.map((png) => png.length).sort());
    expect(served.some((bytes) => bytes.equals(pngs[0] as Buffer))).toBe(true);
    expect(served.some((bytes) => bytes.equals(pngs[1] as Buffer))).toBe(true);

    // Coming back shows the already-reported state instead of the form.
    await page.reload();
    await page.getByTestId('accuse-already').waitFor();
    await page.context().close();
  });

  it('refuses a disguised .png (text inside) in strict mode before any upload, and the form stays usable', async () => {
    const [, contentId] = await contentIds(baseURL);
    const { page } = await signedInPage(phone, baseURL);
    const uploadCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/oss/') || path.includes('/oss-platform/token/')) uploadCalls.push(path);
    });
    await page.goto(`${baseURL}/feedback/accuse?targetType=content&targetId=${contentId}`);
    await waitForHydration(page);
    await page
      .getByTestId('evidence-input')
      .setInputFiles([
        { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is plain text, not an image') },
      ]);
    const tile = page.getByTestId('evidence-tile');
    await expect.poll(() => tile.getAttribute('data-status')).toBe('error');
    expect(await page.getByTestId('evidence-errors').textContent()).toContain(
      UPLOAD_MESSAGES.strictPictureType,
    );
    expect(uploadCalls).toEqual([]);
    // Remove it; the add tile is back and nothing blocks the form.
    await page.getByTestId('upload-remove').click();
    expect(await tile.count()).toBe(0);
    await page.getByRole('radio').first().check();
    expect(await page.getByTestId('submit').isDisabled()).toBe(false);
    await page.context().close();
  });

  it('a failed upload shows its message and a retry uploads it', async () => {
    const [, , contentId] = await contentIds(baseURL);
    const { page } = await signedInPage(phone, baseURL);
    await page.goto(`${baseURL}/feedback/accuse?targetType=content&targetId=${contentId}`);
    await waitForHydration(page);
    // The storage host is unreachable for the first PostObject only.
    let failures = 0;
    await page.route('**/oss/**', (route) => {
      if (failures > 0 || route.request().method() !== 'POST') return route.continue();
      failures += 1;
      return route.abort('connectionfailed');
    });
    await page
      .getByTestId('evidence-input')
      .setInputFiles([{ name: 'retry.png', mimeType: 'image/png', buffer: await noisePng(48) }]);
    const tile = page.getByTestId('evidence-tile');
    await expect.poll(() => tile.getAttribute('data-status'), { timeout: 20_000 }).toBe('error');
    const message = (await page.getByTestId('evidence-errors').textContent()) ?? '';
    expect(message).toMatch(/^retry\.png：.+/);
    await page.getByRole('radio').first().check();
    // A failed image does not block the form; retry it anyway.
    await page.getByTestId('upload-retry').click();
    await expect.poll(() => tile.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    expect(failures).toBe(1);
    expect(await page.getByTestId('evidence-errors').textContent()).toBe('');
    await page.context().close();
  });

  it('sends a visitor to the login page and back', async () => {
    const page = await phone.newPage();
    const target = '/feedback/accuse?targetType=content&targetId=1';
    await page.goto(`${baseURL}${target}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
    await page.context().close();
  });

  it('shows the server refusal for a missing target', async () => {
    const { page } = await signedInPage(phone, baseURL);
    await page.goto(`${baseURL}/feedback/accuse?targetType=content&targetId=999999999`);
    const refusal = page.getByTestId('feedback-load-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(FEEDBACK_MESSAGES.targetNotFound);
    await page.context().close();
  });
});

describe('search idea', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('sends an idea with an option and an image, and shows success', async () => {
    const { page } = await signedInPage(phone, baseURL);
    await page.goto(`${baseURL}/feedback/search-idea?keyword=${encodeURIComponent('复古跑鞋')}`);
    await waitForHydration(page);
    await page.getByRole('checkbox').first().check();
    await page.getByTestId('description').fill('想搜到更多复古跑鞋的穿搭');
    await page
      .getByTestId('evidence-input')
      .setInputFiles([{ name: 'idea.png', mimeType: 'image/png', buffer: await noisePng(64) }]);
    await expect
      .poll(() => page.getByTestId('evidence-tile').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('done');
    await page.getByTestId('submit').click();
    await page.getByTestId('idea-success').waitFor();
    await page.context().close();
  });
});
