import { appendFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, type ExpectStatic, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { backstageLogin } from './support/operators';
import { waitForHydration } from './support/page';
import { BACKSTAGE_URLS, ROUTE_URLS, routePaths, WALK_URLS } from './support/route-urls';
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

/** axe's colour-contrast verdict on one element: violations, and undecided results as findings too. */
async function contrastFindings(page: Page, url: string, selector: string, look: string): Promise<Finding[]> {
  const results = await page.evaluate(
    (target) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        { include: [target] },
        { runOnly: ['color-contrast'], resultTypes: ['violations', 'incomplete'] },
      ),
    selector,
  );
  return [
    ...results.violations.map((v) => ({ v, kind: 'violation' })),
    ...results.incomplete.map((v) => ({ v, kind: 'undecided' })),
  ].map(({ v, kind }) => ({
    url,
    rule: `${v.id} (${kind}, ${look})`,
    impact: v.impact ?? '',
    targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.any.map((c) => c.message).join(' ')}`),
  }));
}

/**
 * The floating buttons' colour contrast (issue 26 point 10). At rest they are tucked past the
 * screen's edge, and axe leaves a partly off-screen element's contrast undecided ("incomplete",
 * never a violation), so the walk passed them unseen; brought out, the toast regions lying over
 * the whole screen left it undecided too. Each is checked alone in both looks, and an undecided
 * result counts: the button's own opaque ground must decide its contrast over any page.
 */
async function floatingButtonFindings(page: Page, url: string, expect: ExpectStatic): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const button of await page.locator('.h5-float-button[data-ready="true"]').all()) {
    const testId = await button.getAttribute('data-testid');
    const selector = `[data-testid="${testId}"]`;
    // The tucked look, drawn on screen for the check (its text is past the edge at rest).
    const place = await button.evaluate((el: HTMLElement) => {
      const was = el.style.transform;
      el.style.transition = 'none';
      el.style.transform = 'translate3d(160px, 200px, 0)';
      return was;
    });
    findings.push(...(await contrastFindings(page, url, selector, `${testId} tucked`)));
    await button.evaluate((el: HTMLElement, was: string) => {
      el.style.transform = was;
      el.style.transition = '';
    }, place);
    // Out, as a user brings it: the first tap only shows it.
    await button.click();
    await expect.poll(() => button.getAttribute('data-out')).toBe('true');
    // Fully on screen once its slide out has ended (to the pixel: its width is fractional).
    await expect
      .poll(async () => {
        const box = await button.boundingBox();
        return box !== null && box.x > -1 && box.x + box.width < 376;
      })
      .toBe(true);
    findings.push(...(await contrastFindings(page, url, selector, `${testId} out`)));
  }
  return findings;
}

/**
 * Opens a URL, lets it hydrate and settle its lazy parts, and checks it, floating buttons included;
 * `expect` is the calling test's own (concurrent tests cannot use the global one).
 */
async function walk(page: Page, baseURL: string, url: string, expect: ExpectStatic): Promise<Finding[]> {
  await page.goto(`${baseURL}${url}`);
  await waitForHydration(page).catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Outside production every page has them, from a lazy chunk: wait for them to be placed.
  await page
    .locator('.h5-float-button[data-ready="true"]')
    .first()
    .waitFor({ timeout: 3_000 })
    .catch(() => undefined);
  const findings = await axeFindings(page, url);
  return [...findings, ...(await floatingButtonFindings(page, url, expect))];
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

  it('every backstage page as an admin at a desk: no critical or serious violation, a main landmark', async () => {
    const page = await phone.newPage({
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
    });
    await backstageLogin(page, baseURL, 'admin', '/backstage');
    const findings: Finding[] = [];
    for (const url of BACKSTAGE_URLS) {
      await page.goto(`${baseURL}${url}`);
      await page.getByTestId('backstage').waitFor();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      findings.push(...(await axeFindings(page, url)));
    }
    await page.context().close();
    expect(BACKSTAGE_URLS.length).toBeGreaterThanOrEqual(4);
    expect(findings).toEqual([]);
  }, 120_000);

  // The three walks are independent (a context each): run side by side, they take about half the time.
  for (const viewer of ['visitor', 'new user', 'seeded creator'] as const) {
    it.concurrent(`every route as a ${viewer}: no critical or serious violation, a main landmark`, async ({
      expect,
    }) => {
      const page = await phone.newPage();
      if (viewer === 'new user') await setSessionCookies(page, baseURL, await apiLogin(baseURL));
      if (viewer === 'seeded creator')
        await setSessionCookies(page, baseURL, inject('demoSessions').dataCentre);
      const findings: Finding[] = [];
      for (const url of WALK_URLS) findings.push(...(await walk(page, baseURL, url, expect)));
      await page.context().close();
      // A11Y_REPORT=<file>: every finding as a JSON line, to read the whole list after a merge.
      const report = process.env.A11Y_REPORT;
      if (report) for (const f of findings) appendFileSync(report, `${JSON.stringify({ viewer, ...f })}\n`);
      expect(findings).toEqual([]);
    }, 420_000);
  }
});
