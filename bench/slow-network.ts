// Issue 19 point 6: the feed and a content detail on an emulated Slow 3G link (2 s round trip,
// 50 KB/s both ways, CPU ×4), cold: when the HTML has arrived and when the first content shows.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';
// The pages of the Lighthouse figures: the feed and a seeded picture-text content.
import { LIGHTHOUSE_PAGES } from './lighthouse';
import { median } from './load';

/** DevTools' network emulation: a 2 s round trip and 50 KB/s, as the issue states the link. */
const SLOW_3G = {
  offline: false,
  latency: 2000,
  downloadThroughput: 50 * 1024,
  uploadThroughput: 50 * 1024,
};
const CPU_SLOWDOWN = 4;
const RUNS = 3;

export interface SlowNetworkFigure {
  name: string;
  path: string;
  /** Median over the runs, in ms from the navigation's start. */
  htmlMs: number;
  firstContentMs: number;
}

interface PagePerformance {
  getEntriesByName(name: string): { startTime: number }[];
  getEntriesByType(type: string): { responseEnd: number }[];
}

/** HTML arrival (the navigation's responseEnd) and first contentful paint, median of three cold loads. */
export async function slowNetworkFigures(baseURL: string): Promise<SlowNetworkFigure[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const figures: SlowNetworkFigure[] = [];
    for (const { name, path } of LIGHTHOUSE_PAGES) {
      const html: number[] = [];
      const firstContent: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A new context per run: an empty cache, as a first visit.
        const context = await browser.newContext({
          viewport: { width: 375, height: 812 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto(`${baseURL}${path}`, { waitUntil: 'commit', timeout: 60_000 });
        const timing = await page.waitForFunction(
          () => {
            // The page's Performance API (this file builds without the DOM's types).
            const perf = (globalThis as unknown as { performance: PagePerformance }).performance;
            const paint = perf.getEntriesByName('first-contentful-paint')[0];
            const nav = perf.getEntriesByType('navigation')[0];
            return paint && nav && nav.responseEnd > 0
              ? { html: nav.responseEnd, firstContent: paint.startTime }
              : null;
          },
          undefined,
          { timeout: 60_000, polling: 100 },
        );
        const measured = await timing.jsonValue();
        if (!measured) throw new Error(`no first contentful paint for ${path}`);
        const { html: htmlAt, firstContent: paintAt } = measured;
        html.push(htmlAt);
        firstContent.push(paintAt);
        await context.close();
      }
      figures.push({ name, path, htmlMs: median(html), firstContentMs: median(firstContent) });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
