import { appendFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { ROUTE_URLS, routePaths, WALK_URLS } from './support/route-urls';
import { setSessionCookies } from './support/web-login';

/**
 * Issue 14 point 8: axe-core over every route of apps/web/app/routes.ts (support/route-urls.ts),
 * logged out, logged in as a new user and as the seeded creator (whose creator screens have data),
 * with zero critical and serious violations, and a main landmark holding the content of every
 * page. After a merge: `npx vitest run --project e2e e2e/accessibility.spec.ts`.
 */
/** Rules a page must pass besides the critical and serious ones: landmarks (issue 14 point 8). */
const REQUIRED_RULES = ['landmark-one-main', 'region'];

interface Finding {
  url: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** Runs axe-core in the page (evaluated over the protocol, which the page's CSP does not govern). */
async function axeFindings(page: Page, url: string): Promise<Finding[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || REQUIRED_RULES.includes(v.id))
    .map((v) => ({
      url,
      rule: v.id,
      impact: v.impact ?? '',
      targets: v.nodes
        .slice(0, 3)
        .map((n) =>
          `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary?.split('\n')[1] ?? ''}`.trim(),
        ),
    }));
}

/** Opens a URL, lets it hydrate and settle its lazy parts, and checks it. */
async function walk(page: Page, baseURL: string, url: string): Promise<Finding[]> {
  await page.goto(`${baseURL}${url}`);
  await waitForHydration(page).catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return axeFindings(page, url);
}

describe('accessibility: axe-core over every route', () => {
  const phone = usePhoneBrowser();
  let baseURL: string;
  beforeAll(() => {
    baseURL = inject('baseURL');
  });

  it('has a URL for every route of routes.ts', () => {
    expect(routePaths().filter((path) => !(path in ROUTE_URLS))).toEqual([]);
  });

  for (const viewer of ['visitor', 'new user', 'seeded creator'] as const) {
    it(`every route as a ${viewer}: no critical or serious violation, a main landmark`, async () => {
      const page = await phone.newPage();
      if (viewer === 'new user') await setSessionCookies(page, baseURL, await apiLogin(baseURL));
      if (viewer === 'seeded creator')
        await setSessionCookies(page, baseURL, inject('demoSessions').dataCentre);
      const findings: Finding[] = [];
      for (const url of WALK_URLS) findings.push(...(await walk(page, baseURL, url)));
      await page.context().close();
      // A11Y_REPORT=<file>: every finding as a JSON line, to read the whole list after a merge.
      const report = process.env.A11Y_REPORT;
      if (report) for (const f of findings) appendFileSync(report, `${JSON.stringify({ viewer, ...f })}\n`);
      expect(findings).toEqual([]);
    }, 300_000);
  }
});
