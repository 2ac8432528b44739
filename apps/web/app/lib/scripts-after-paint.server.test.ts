import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from './scripts-after-paint.server';

// The head and body ends as React Router's <Scripts/> writes them (React hoists the preloads).
const PRELOADS =
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n1"/>';
const HEAD = `<head><link rel="preload" as="image" href="/cdn/a.jpg"/>${PRELOADS}<title>推荐</title>`;
// A module text with what must survive the trip through a string literal: quotes, a `</` and a
// `<!--` (either could end or break the loader's script if written as they are), a line separator.
const MODULE =
  'import * as route0 from "/assets/root-C.js";\nwindow.x = "</b><!--\u2028";\nimport("/assets/entry.client-A.js");';
const BODY = `</head><body><main>卡片</main><script nonce="n1">window.__ctx = {};</script><script nonce="n1" type="module" async="">${MODULE}</script><script nonce="n1">window.__ctx.done();</script></body></html>`;

/**
 * Runs the page's loader script against a recording document; `hidden` as the page's visibility,
 * `paintEntries` whether the browser reports paints to a PerformanceObserver.
 */
function runLoader(page: string, { hidden = false, paintEntries = true } = {}) {
  const loader = /<script nonce="n1">(\(function\(l,m,n\)[\s\S]*?)<\/script>/.exec(page)?.[1];
  if (!loader) throw new Error('no loader script in the page');
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const headHtml: string[] = [];
  const added: { type: string; nonce: string; textContent: string }[] = [];
  const observers: { onEntries: () => void; observed: unknown; disconnected: boolean }[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintEntries ? ['mark', 'paint'] : ['mark'];
    private readonly record: (typeof observers)[number];
    constructor(onEntries: () => void) {
      this.record = { onEntries, observed: null, disconnected: false };
      observers.push(this.record);
    }
    observe(options: unknown) {
      this.record.observed = options;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    currentScript: { nonce: 'n1' },
    head: { insertAdjacentHTML: (_where: string, html: string) => headHtml.push(html) },
    body: { appendChild: (script: (typeof added)[number]) => added.push(script) },
    createElement: () => ({ type: '', nonce: '', textContent: '' }),
  };
  runInNewContext(loader, {
    document,
    PerformanceObserver,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  });
  return { frames, timers, headHtml, added, observers };
}

describe('scriptsAfterFirstPaint', () => {
  const page = scriptsAfterFirstPaint(HEAD, BODY);

  it('takes the module preloads out of the head and the module script out of the body, the rest as it was', () => {
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).not.toContain('type="module"');
    expect(page).toContain('<link rel="preload" as="image" href="/cdn/a.jpg"/><title>推荐</title>');
    expect(page).toContain(
      '<script nonce="n1">window.__ctx = {};</script><script nonce="n1">(function(l,m,n)',
    );
    expect(page).toContain('</script><script nonce="n1">window.__ctx.done();</script></body></html>');
    // Nothing in the loader ends its script early.
    expect(page.match(/<\/script>/g)).toHaveLength(3);
  });

  it('adds the preloads, then the module script with its text and nonce, when the first paint is reported, once', () => {
    const { observers, timers, headHtml, added } = runLoader(page);
    expect(added).toHaveLength(0);
    expect(observers.map((o) => o.observed)).toEqual([{ type: 'paint', buffered: true }]);
    observers[0]?.onEntries();
    expect(headHtml).toEqual([PRELOADS]);
    expect(added).toEqual([{ type: 'module', nonce: 'n1', textContent: MODULE }]);
    expect(observers[0]?.disconnected).toBe(true);
    // The 500 ms bound, and a second paint entry, add nothing more.
    for (const timer of timers) timer.run();
    observers[0]?.onEntries();
    expect(added).toHaveLength(1);
  });

  it('without paint entries (older Safari), after the first frame', () => {
    const { frames, timers, added, observers } = runLoader(page, { paintEntries: false });
    expect(observers).toHaveLength(0);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    timers.find((t) => t.ms === 0)?.run();
    expect(added).toEqual([{ type: 'module', nonce: 'n1', textContent: MODULE }]);
  });

  it('with no paint reported, at the 500 ms bound', () => {
    const { timers, added } = runLoader(page);
    expect(timers.map((t) => t.ms)).toEqual([500]);
    timers[0]?.run();
    expect(added).toEqual([{ type: 'module', nonce: 'n1', textContent: MODULE }]);
  });

  it('a hidden page (a preloading webview) starts at once', () => {
    const { added, frames, observers } = runLoader(page, { hidden: true });
    expect(frames).toHaveLength(0);
    expect(observers).toHaveLength(0);
    expect(added).toHaveLength(1);
  });

  it('leaves a page without React Router’s module script unchanged', () => {
    expect(scriptsAfterFirstPaint(HEAD, '</head><body></body></html>')).toBe(
      `${HEAD}</head><body></body></html>`,
    );
  });
});
