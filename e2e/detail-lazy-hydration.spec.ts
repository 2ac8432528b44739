import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';

// Issue 13 (the lazy-chunk flash on the detail), a failure state of issue 14: the server page has
// the carousel; an update of the page before the carousel's chunk has arrived (here the platform
// boot's low-device judgement) must not replace it with its empty frame.
const PIC_TEXT = 1;
const CHUNK_DELAY_MS = 2500;

describe('content detail: lazy parts stay while their chunk is on its way', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('the server-rendered carousel survives an update before its chunk arrives', async () => {
    const page = await phone.newPage();
    await page.route('**/ImageCarousel-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, CHUNK_DELAY_MS));
      await route.continue();
    });
    await page.goto(`${baseURL}/community/content/${PIC_TEXT}`);
    await waitForHydration(page);
    const images = page.getByTestId('image-carousel').locator('img');
    expect(await images.count()).toBeGreaterThan(0);
    await page.evaluate(() => {
      const w = window as unknown as { __H5_LOW_DEVICE__?: boolean };
      w.__H5_LOW_DEVICE__ = !w.__H5_LOW_DEVICE__;
      dispatchEvent(new Event('h5:low-device'));
    });
    await page.waitForTimeout(300);
    expect(await images.count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
