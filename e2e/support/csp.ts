import type { BrowserContext, Page } from 'playwright-core';

/** One Content-Security-Policy violation a page reported. */
export interface CspViolation {
  /** The page's URL when it happened. */
  page: string;
  /** `securitypolicyviolation` (the DOM event) or `console` (Chromium's report). */
  via: 'event' | 'console';
  text: string;
}

const REPORT_BINDING = '__e2eReportCspViolation';
const violations = new Map<BrowserContext, CspViolation[]>();
/** What closed contexts left untaken. */
const leftOver: CspViolation[] = [];

/**
 * Records every CSP violation of a context's pages from their first script on: the DOM's
 * `securitypolicyviolation` events and Chromium's console reports ("Refused to …"). Call before
 * the context's first navigation.
 */
export async function watchCsp(context: BrowserContext): Promise<void> {
  const list: CspViolation[] = [];
  violations.set(context, list);
  context.on('close', () => {
    leftOver.push(...list);
    violations.delete(context);
  });
  await context.exposeBinding(REPORT_BINDING, ({ page }, text: string) => {
    list.push({ page: page.url(), via: 'event', text: String(text) });
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} ${e.sample ?? ''}`.trim());
    });
  }, REPORT_BINDING);
  const onConsole = (message: { text(): string; page(): Page | null }) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text))
      list.push({ page: message.page()?.url() ?? '', via: 'console', text });
  };
  context.on('console', onConsole);
}

/** The violations a context's pages reported since the last call (they are taken: the list starts empty again). */
export function takeCspViolations(target: Page | BrowserContext): CspViolation[] {
  const context = 'context' in target ? target.context() : target;
  const list = violations.get(context) ?? [];
  return list.splice(0, list.length);
}

/** Every watched context's violations not taken yet, for an afterAll check. */
export function remainingCspViolations(): CspViolation[] {
  const open = [...violations.values()].flatMap((list) => list.splice(0, list.length));
  return [...leftOver.splice(0, leftOver.length), ...open];
}
