import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';

// Issue 33 point 4: the browser loads the contract (zod schemas) one domain at a time, with the
// domain's first call (platform/contract-domains.ts), so a page's first calls no longer evaluate
// every domain's schemas. A domain counts as loaded when the scripts the page fetched hold every
// one of its endpoints' paths (a domain's module lists them all; other code names few).

type DomainName = keyof typeof contract;
const domainPaths = Object.entries(contract).map(([domain, calls]) => ({
  domain: domain as DomainName,
  paths: Object.values(calls as Record<string, { path: string }>).map((endpoint) => endpoint.path),
}));

/** The contract domains whose schemas the page's fetched scripts hold. */
async function loadedDomains(page: Page, baseURL: string): Promise<DomainName[]> {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/assets\/[^/]+\.js$/.test(path)),
  );
  const texts = await Promise.all(scripts.map(async (path) => (await fetch(`${baseURL}${path}`)).text()));
  const all = texts.join('\n');
  return domainPaths
    .filter(({ paths }) => paths.every((path) => all.includes(JSON.stringify(path))))
    .map(({ domain }) => domain);
}

describe("the browser's contract, by domain", () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  for (const [path, needs] of [
    ['/', ['analytics']],
    ['/community/content/1', ['analytics', 'community']],
  ] as const) {
    it(`${path}: its first calls load their own domains, not the whole table`, async () => {
      const page = await phone.newPage();
      const sent = page.waitForRequest((r) => r.url().includes(contract.analytics.collectEvents.path));
      await page.goto(`${baseURL}${path}`);
      await waitForHydration(page);
      await sent;
      await page.waitForLoadState('networkidle');
      const loaded = await loadedDomains(page, baseURL);
      expect(loaded).toEqual(expect.arrayContaining([...needs]));
      // Domains no first screen calls: before, any first call evaluated them all.
      for (const unused of ['live', 'creator', 'lottery', 'invite', 'backstage', 'shoeEval'] as const)
        expect(loaded).not.toContain(unused);
      await page.context().close();
    });
  }
});
