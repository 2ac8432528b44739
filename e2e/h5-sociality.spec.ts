import type { AppSimulator } from '@h5/app-simulator';
import { describe, expect, inject, it } from 'vitest';
import { makePicture, photo, solid } from './support/ai-picture';
import { apiLogin } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { loginThroughSheet } from './support/native-login';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

describe('h5-sociality activities in a phone browser', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('shows each window: running with a login, not started (202010008), ended (202010009)', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/h5-sociality/strange-encounters`);
    await waitForHydration(page);
    expect(await page.getByTestId('activity-state').textContent()).toBe('进行中');
    expect(await page.getByTestId('activity-login').getAttribute('href')).toBe(
      '/login?redirect=%2Fh5-sociality%2Fstrange-encounters',
    );
    await page.goto(`${baseURL}/h5-sociality/tanabata`);
    const upcoming = page.getByTestId('activity-closed');
    expect(await upcoming.getAttribute('data-code')).toBe('202010008');
    expect(await upcoming.textContent()).toContain('活动未开始');
    await page.goto(`${baseURL}/h5-sociality/gravity/xinyin`);
    const ended = page.getByTestId('activity-closed');
    expect(await ended.getAttribute('data-code')).toBe('202010009');
    expect(await ended.textContent()).toContain('活动已结束');
    expect(await page.title()).toBe('心引力 · 社区');
    const unknown = await page.goto(`${baseURL}/h5-sociality/5200`);
    expect(unknown?.status()).toBe(404);
  });

  it('520: a photo becomes a styled picture; a one-colour photo gets the review text (201150102)', async () => {
    const tokens = await apiLogin(baseURL);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/h5-sociality/520`);
    await waitForHydration(page);
    await makePicture(page, await photo(), 'film');
    const result = page.getByTestId('ai-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('data-style')).toBe('film');
    await expect
      .poll(() => result.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(720);
    if (process.env.ACTIVITY_SHOTS)
      await page.screenshot({ path: `${process.env.ACTIVITY_SHOTS}/520-result.png`, fullPage: true });

    await page.getByTestId('upload-remove').click();
    await makePicture(page, await solid());
    const error = page.getByTestId('ai-error');
    await error.waitFor();
    expect(await error.getAttribute('data-code')).toBe('201150102');
    // The spec's text for the code (§8), then the review's reason.
    expect(await error.textContent()).toBe('用户图片审核未通过原因：图片几乎是一种颜色，看不出内容');
  });
});

/**
 * Opens an activity page in the app and logs in natively from its button; answers whether the
 * page is still the one loaded before the login (spec §2: these paths are not reloaded).
 */
async function loginInPlace(sim: AppSimulator, path: string, shown: string): Promise<() => Promise<boolean>> {
  await sim.goto(path);
  await waitForHydration(sim.page);
  await sim.page.evaluate(() => Object.assign(window, { beforeLogin: true }));
  await sim.page.getByTestId('activity-login').click();
  await loginThroughSheet(sim);
  await sim.page.getByTestId(shown).waitFor({ state: 'attached' });
  return async () =>
    (await sim.page.evaluate(() => (window as { beforeLogin?: boolean }).beforeLogin)) === true;
}

describe('h5-sociality activities in the app', () => {
  const app = useAppSimulator();

  it('520: the native login does not reload the page; the picture is made', async () => {
    const sim = await app.launch();
    const samePage = await loginInPlace(sim, '/h5-sociality/520', 'evidence-input');
    expect(await samePage()).toBe(true);
    await makePicture(sim.page, await photo(520, 520), 'comic');
    await sim.page.getByTestId('ai-result').waitFor({ timeout: 30_000 });
    expect(await samePage()).toBe(true);

    // A one-colour photo in the app: the spec's text for 201150102, then the review's reason.
    await sim.page.getByTestId('upload-remove').click();
    await makePicture(sim.page, await solid());
    const error = sim.page.getByTestId('ai-error');
    await error.waitFor();
    expect(await error.getAttribute('data-code')).toBe('201150102');
    expect(await error.textContent()).toBe('用户图片审核未通过原因：图片几乎是一种颜色，看不出内容');
  });

  it('strange encounters: the native login does not reload the page either (spec §2 exempt path)', async () => {
    const sim = await app.launch();
    const samePage = await loginInPlace(sim, '/h5-sociality/strange-encounters', 'encounter-draw');
    expect(await samePage()).toBe(true);
    // Logged in, the page has something to do (issue 32 point 5): a draw meets someone.
    await sim.page.getByTestId('encounter-draw').click();
    await sim.page.getByTestId('encounter-card').first().waitFor();
    expect(await sim.page.getByTestId('encounter-left').textContent()).toBe('今天还可以抽 2 次');
    expect(await samePage()).toBe(true);
  });

  it('520: an app older than the AI gate gets 201150107 and the upgrade text', async () => {
    const sim = await app.launch({ appVersion: '5.10.0' });
    await sim.login();
    await sim.goto('/h5-sociality/520');
    await waitForHydration(sim.page);
    await makePicture(sim.page, await photo());
    const error = sim.page.getByTestId('ai-error');
    await error.waitFor();
    expect(await error.getAttribute('data-code')).toBe('201150107');
    expect(await error.textContent()).toBe('请升级到新版本使用 AI 功能');
  });
});
