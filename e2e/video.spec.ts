import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';

// Issue 14 point 4: seeded videos are real clips that play; a clip that fails says so, with a retry.
// Content 5 is the first seeded video (the seed is deterministic; e2e/content-detail.spec.ts).
const VIDEO_CONTENT = 5;
const CLIP = /\/cdn\/seed\/video-\d+\.webm/;

describe('video player', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  const currentTime = (page: import('playwright-core').Page) =>
    page.getByTestId('detail-video').evaluate((v: HTMLVideoElement) => v.currentTime);

  it('plays the seeded clip: currentTime passes 0', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/content/${VIDEO_CONTENT}`);
    await waitForHydration(page);
    const video = page.getByTestId('detail-video');
    expect(await video.getAttribute('src')).toMatch(CLIP);
    // Muted autoplay, or (a low device waits for a tap) the tap's play().
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('video-error').count()).toBe(0);
    await page.context().close();
  });

  it('a clip that fails shows 视频加载失败 and its retry loads it again', async () => {
    const page = await phone.newPage();
    await page.route(CLIP, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${baseURL}/community/content/${VIDEO_CONTENT}`);
    await waitForHydration(page);
    const error = page.getByTestId('video-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.textContent()).toBe('视频加载失败重试');
    await page.unroute(CLIP);
    await error.getByRole('button', { name: '重试' }).click();
    await expect.poll(() => error.count()).toBe(0);
    await page.getByTestId('detail-video').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.context().close();
  });
});
