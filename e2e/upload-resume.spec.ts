import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MULTIPART_CHUNK_BYTES } from '@h5/core';
import type { Page, Request } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { UPLOAD_TEXT } from '../apps/web/app/lib/ui-text/upload';
import { apiLogin } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

const FILE_BYTES = 30 * 1024 * 1024;
const PARTS_TOTAL = Math.ceil(FILE_BYTES / MULTIPART_CHUNK_BYTES);

interface PartPut {
  partNumber: number;
  uploadId: string;
  bytes: number;
}

/** The part PUTs the page sends (`?partNumber=N&uploadId=…`), and those the store answered 200. */
function watchParts(page: Page) {
  const sent: PartPut[] = [];
  const stored: PartPut[] = [];
  const partOf = (request: Request): PartPut | null => {
    const url = new URL(request.url());
    if (request.method() !== 'PUT' || !url.searchParams.has('partNumber')) return null;
    return {
      partNumber: Number(url.searchParams.get('partNumber')),
      uploadId: url.searchParams.get('uploadId') ?? '',
      bytes: request.postDataBuffer()?.byteLength ?? -1,
    };
  };
  page.on('request', (request) => {
    const part = partOf(request);
    if (part) sent.push(part);
  });
  page.on('response', (response) => {
    const part = partOf(response.request());
    if (part && response.status() === 200) stored.push(part);
  });
  return { sent, stored };
}

async function openConsole(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/internal/upload`);
  await waitForHydration(page);
  await page.getByLabel(UPLOAD_TEXT.modes.multipart).check();
}

describe('multipart upload of a large file', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');
  const dir = mkdtempSync(join(tmpdir(), 'h5-e2e-upload-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends a 30 MB file in 819200-byte parts and, after a reload mid-way, resumes from the parts the store holds', async () => {
    // A file on disk keeps its name, size and lastModified across the reload, as a user's would.
    const bytes = randomBytes(FILE_BYTES);
    const path = join(dir, 'trip-video.mp4');
    writeFileSync(path, bytes);

    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    // Slow the parts down so the reload lands mid-way.
    await page.route(
      (url) => url.searchParams.has('partNumber'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 120));
        await route.continue();
      },
    );
    const before = watchParts(page);
    await openConsole(page, baseURL);
    await page.getByTestId('upload-input').setInputFiles(path);
    await expect.poll(() => before.stored.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
    await expect.poll(() => page.getByTestId('upload-parts').textContent()).toMatch(/\/39$/);

    await page.reload();
    const held = new Set(before.stored.map((p) => p.partNumber));
    const uploadId = before.stored[0]?.uploadId;
    expect(held.size).toBeLessThan(PARTS_TOTAL);

    const after = watchParts(page);
    await waitForHydration(page);
    await page.getByLabel(UPLOAD_TEXT.modes.multipart).check();
    await page.getByTestId('upload-input').setInputFiles(path);
    const item = page.locator('[data-testid="upload-item"][data-status="done"]');
    await item.waitFor({ timeout: 120_000 });

    // The same upload went on: no part the store had confirmed was sent again, nothing is missing.
    expect(after.sent.every((p) => p.uploadId === uploadId)).toBe(true);
    expect(after.sent.filter((p) => held.has(p.partNumber))).toEqual([]);
    const all = new Set([...held, ...after.stored.map((p) => p.partNumber)]);
    expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: PARTS_TOTAL }, (_, i) => i + 1));
    // Parts in order, each 819200 bytes but the last.
    const numbers = after.sent.map((p) => p.partNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const sized = [...before.sent, ...after.sent].filter((p) => p.bytes >= 0);
    expect(sized.length).toBeGreaterThan(PARTS_TOTAL / 2);
    for (const part of sized) {
      expect(part.bytes).toBe(
        part.partNumber === PARTS_TOTAL
          ? FILE_BYTES - (PARTS_TOTAL - 1) * MULTIPART_CHUNK_BYTES
          : MULTIPART_CHUNK_BYTES,
      );
    }

    // The stored object is the file, byte for byte.
    const key = await item.getAttribute('data-key');
    const res = await fetch(`${baseURL}/cdn/${key}`);
    expect(res.status).toBe(200);
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.byteLength).toBe(FILE_BYTES);
    expect(createHash('sha256').update(served).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    await page.context().close();
  });
});
