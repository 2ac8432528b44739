import type { NativeTokens } from '@h5/bridge';
import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 17 point 3: a new user evaluates a shoe with photos and sees the aggregate change.

/** A photo with real detail (not one colour). */
const photo = (seed: number) =>
  sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: (seed * 53) % 255, g: 120, b: 200 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="64" height="64"><circle cx="${20 + seed}" cy="30" r="14" fill="#fff"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

/** The first listed product the user has not evaluated yet, with its evaluation count. */
async function productToEvaluate(baseURL: string, tokens: NativeTokens) {
  const page = await e2eApi(baseURL, tokens)(contract.shoeEval.shoeEvalList, { limit: 20 });
  const item = page.list.find((i) => i.myScore === null);
  if (!item) throw new Error('no product left to evaluate');
  return item;
}

async function evaluate(page: Page, baseURL: string, tokens: NativeTokens) {
  const before = await productToEvaluate(baseURL, tokens);
  const spuId = before.product.spuId;
  await page.goto(`${baseURL}/shoe-eval`);
  await waitForHydration(page);
  await page.locator(`[data-testid="shoe-eval-item"][data-spu-id="${spuId}"]`).click();
  await page.waitForURL((url) => url.pathname === '/shoe-eval/spu');
  await page.getByTestId('shoe-eval-count').waitFor();
  await page.getByTestId('shoe-eval-start').click();
  await page.waitForURL((url) => url.pathname === '/shoe-eval/evaluate');
  await waitForHydration(page);
  // The score is a star rating now (issue 28 point 8): its radio for 8.5, not a range's fill.
  await page.locator('input[name=score][value="8.5"]').check();
  expect(await page.getByTestId('shoe-evaluate-score').textContent()).toBe('8.5 分');
  await page.getByTestId('dim-comfort-5').click();
  await page.getByTestId('dim-value-3').click();
  await page.locator('textarea[name=text]').fill('脚感软，尺码正常，配色好看');
  await page.getByTestId('evidence-input').setInputFiles([
    { name: 'shoe-1.png', mimeType: 'image/png', buffer: await photo(1) },
    { name: 'shoe-2.png', mimeType: 'image/png', buffer: await photo(2) },
  ]);
  await expect
    .poll(() => page.getByTestId('shoe-evaluate-submit').isEnabled(), { timeout: 20_000 })
    .toBe(true);
  await page.getByTestId('shoe-evaluate-submit').dblclick();
  await page.waitForURL((url) => url.pathname === '/shoe-eval/spu');
  await page.getByTestId('shoe-eval-mine').waitFor();
  const expected = before.count + 1;
  expect(await page.getByTestId('shoe-eval-count').textContent()).toBe(`${expected} 人测评`);
  expect(await page.getByTestId('shoe-eval-start').count()).toBe(0);
  const mine = page.getByTestId('shoe-eval-mine');
  expect(await mine.locator('img[loading=lazy]').count()).toBe(3);
  const info = await e2eApi(baseURL, tokens)(contract.shoeEval.shoeEvalInfo, { spuId });
  expect(info.aggregate.count).toBe(expected);
  expect(info.mine).toMatchObject({ score: 8.5, dimensions: { comfort: 5, looks: 4, value: 3 } });
  expect(info.mine?.images).toHaveLength(2);
  // Back on the list, my score is there.
  await page.goto(`${baseURL}/shoe-eval`);
  await waitForHydration(page);
  expect(
    await page
      .locator(`[data-testid="shoe-eval-item"][data-spu-id="${spuId}"] [data-testid="shoe-eval-my-score"]`)
      .textContent(),
  ).toBe('我的评分 8.5');
}

describe('shoe evaluations', () => {
  const phone = usePhoneBrowser();
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('in a phone browser: evaluates a shoe with two photos, once for a double tap, and the figures move', async () => {
    const tokens = await apiLogin(baseURL);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await evaluate(page, baseURL, tokens);
    await page.context().close();
  });

  it('in the app: the same with photos through the app’s upload gateway, logged in natively', async () => {
    const sim = await app.launch();
    await sim.login();
    const tokenCalls: string[] = [];
    sim.page.on('request', (request) => {
      if (request.url().includes('/oss-platform/token/')) tokenCalls.push(new URL(request.url()).pathname);
    });
    await evaluate(sim.page, baseURL, sim.session as NativeTokens);
    expect(new Set(tokenCalls)).toEqual(new Set([contract.upload.tokenApp.path]));
  });

  it('a visitor who opens the form is sent to log in', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/shoe-eval/evaluate?spuId=1000001`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });
});
