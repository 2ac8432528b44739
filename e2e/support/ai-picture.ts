import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

// The 520 activity's pictures, for the journeys that make one (h5-sociality, issue 28 point 13).

/** A photo-like JPEG: a 9×8 grid of shuffled grey levels with a gradient, so it passes the review. */
export async function photo(width = 480, height = 400): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const levels = Array.from({ length: 72 }, (_, i) => (i * 37) % 240);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const level = levels[Math.floor((y * 8) / height) * 9 + Math.floor((x * 9) / width)] as number;
      const i = (y * width + x) * 3;
      pixels[i] = level;
      pixels[i + 1] = Math.min(255, level + Math.floor((x / width) * 15));
      pixels[i + 2] = 255 - level;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export const solid = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#dddddd' } })
    .jpeg()
    .toBuffer();

/** Picks `image` in the 520 page, waits for the upload, chooses `style` and asks for the picture. */
export async function makePicture(page: Page, image: Buffer, style: 'sweet' | 'film' | 'comic' = 'sweet') {
  await page
    .getByTestId('evidence-input')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: image });
  await expect
    .poll(() => page.getByTestId('evidence-tile').getAttribute('data-status'), { timeout: 30_000 })
    .toBe('done');
  await page.getByTestId(`ai-style-${style}`).click();
  await page.getByTestId('ai-make').click();
}
