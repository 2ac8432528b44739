#!/usr/bin/env node
// A 375×812 screenshot of a page in Debian's Chromium (or CHROMIUM_PATH), as DESIGN.md §6 asks
// for every screen: `node scripts/screenshot.mjs <url> <out.png> [--app] [--scroll]`.
// --app uses the in-app user agent (CommunityApp/5.26.1); --scroll scrolls down first;
// --cookie=name=value (repeatable) logs the page in, e.g. --cookie=duToken=… --cookie=x-auth-token=….
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const [url, out, ...flags] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [--app] [--scroll]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...(flags.includes('--app')
      ? {
          userAgent:
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 CommunityApp/5.26.1',
        }
      : {}),
  });
  const cookies = flags
    .filter((f) => f.startsWith('--cookie='))
    .map((f) => {
      const [name, ...value] = f.slice('--cookie='.length).split('=');
      return { name, value: value.join('='), url };
    });
  if (cookies.length > 0) await context.addCookies(cookies);
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.error(`console error: ${m.text()}`));
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(url, { waitUntil: 'networkidle' });
  if (flags.includes('--scroll')) {
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(1500);
  }
  await page.waitForTimeout(1200); // past the in-app platform-info hold
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
