// Lighthouse mobile performance of the feed and a content detail page (DESIGN.md §8: ≥ 98), with
// Lighthouse's standard mobile preset (Moto G Power emulation, simulated slow 4G and 4× CPU
// slowdown), performance category only, in Debian's Chromium that we start and stop by its pid.
// Each page runs uncounted until its images are made (see below), then `runs` times in one
// browser; the bench reports the lowest (issue 33 point 4: each run must reach the budget) and
// the median.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';
import { stopChild } from '../scripts/start-server.mjs';

/** The pages of the budget: the feed and a seeded picture-text content (three images). */
export const LIGHTHOUSE_PAGES = [
  { name: 'feed', path: '/' },
  { name: 'content detail', path: '/community/content/1' },
] as const;

export interface LighthouseRun {
  /** Performance score, 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** Audits that cost points or could save time, worst first ("id: display value"). */
  findings: string[];
}

export interface LighthousePage {
  name: string;
  path: string;
  /** The run with the median score. */
  median: LighthouseRun;
  runs: LighthouseRun[];
}

/** Uncounted runs of a page at most, until one asks for no new image (see lighthouseScores). */
const WARM_UP_RUNS_MAX = 3;

/** Flags Lighthouse's own launcher sets so background work does not skew the trace. */
const QUIET_FLAGS = [
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-client-side-phishing-detection',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--metrics-recording-only',
  '--mute-audio',
  '--no-default-browser-check',
  '--password-store=basic',
];

/** Starts headless Chromium with a DevTools port of its choosing; resolves once the port is known. */
async function startChromium(profileDir: string): Promise<{ child: ChildProcess; port: number }> {
  const args = [
    ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'),
    '--headless=new',
    ...QUIET_FLAGS,
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    `--user-data-dir=${profileDir}`,
    'about:blank',
  ];
  const child = spawn(chromiumPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium gave no DevTools port in 30 s:\n${log}`)),
      30_000,
    );
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${log}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { child, port };
}

type AuditResult = Result['audits'][string];

function metric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** Points each weighted metric lost, then the opportunities and diagnostics that flag savings. */
function findingsOf(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const totalWeight = refs.reduce((sum, ref) => sum + ref.weight, 0) || 1;
  const lost = refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      const points = (ref.weight / totalWeight) * (1 - (audit?.score ?? 0)) * 100;
      return { points, text: `${ref.id} ${audit?.displayValue ?? ''} (−${points.toFixed(1)} pts)` };
    })
    .filter((entry) => entry.points >= 0.05)
    .sort((a, b) => b.points - a.points)
    .map((entry) => entry.text);
  const flagged = refs
    .filter((ref) => ref.weight === 0)
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is AuditResult =>
        audit !== undefined &&
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable',
    )
    .map((audit) => `${audit.id}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
  return [...lost, ...flagged];
}

function runOf(lhr: Result): LighthouseRun {
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: metric(lhr, 'first-contentful-paint'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    siMs: metric(lhr, 'speed-index'),
    findings: findingsOf(lhr),
  };
}

/**
 * Lighthouse mobile performance of each page of `LIGHTHOUSE_PAGES` on the running server at
 * `baseURL`, `runs` times each. With `reportDir` set, every run's full JSON report is written there.
 */
export async function lighthouseScores(
  baseURL: string,
  options: { runs?: number; reportDir?: string } = {},
): Promise<LighthousePage[]> {
  const runs = options.runs ?? 3;
  if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });
  // One request each first, so the first trace does not time the server's cold start (route
  // module import, first queries).
  for (const page of LIGHTHOUSE_PAGES) {
    const res = await fetch(`${baseURL}${page.path}`);
    if (!res.ok) throw new Error(`${page.path} answered ${res.status}`);
    await res.arrayBuffer();
  }
  const profileDir = mkdtempSync(join(tmpdir(), 'h5-lighthouse-'));
  const chromium = await startChromium(profileDir);
  const audit = async (url: string) => {
    const result = await lighthouse(url, {
      port: chromium.port,
      hostname: '127.0.0.1',
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  };
  const imagesOf = (lhr: Result) =>
    (
      (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
        ?.items ?? []
    )
      .filter((request) => request.resourceType === 'Image')
      .map((request) => request.url);
  const warmUp = async (url: string) => {
    const asked = new Set<string>();
    for (let run = 0; run < WARM_UP_RUNS_MAX; run++) {
      const fresh = imagesOf(await audit(url)).filter((image) => !asked.has(image));
      if (run > 0 && fresh.length === 0) return;
      for (const image of fresh) asked.add(image);
    }
  };
  try {
    const pages: LighthousePage[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      // A page's first runs are not counted: the browser's first is slower (code caches, process
      // start), and a page's first asks the server for its image sizes, which the image handler
      // makes once and keeps (the detail's first run: LCP 3.7 s, score 86, measured). The first
      // run also judges the device (Lighthouse's phone is a low device) and keeps the verdict in
      // a cookie, as a phone does, so the next run asks for the low-device sizes, which the
      // server then makes for the first time (images of 300–900 ms against 30 ms: the first
      // counted run was the lowest in every bench run). So uncounted runs go on until one asks
      // for no image an earlier one did not (at most three).
      await warmUp(`${baseURL}${page.path}`);
      const results: LighthouseRun[] = [];
      for (let round = 0; round < runs; round++) {
        const lhr = await audit(`${baseURL}${page.path}`);
        if (options.reportDir) {
          const file = `${page.name.replace(/\W+/g, '-')}-${round + 1}.json`;
          writeFileSync(join(options.reportDir, file), JSON.stringify(lhr));
        }
        results.push(runOf(lhr));
      }
      const sorted = [...results].sort((a, b) => a.score - b.score);
      const median = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseRun;
      pages.push({ name: page.name, path: page.path, median, runs: results });
    }
    return pages;
  } finally {
    await stopChild(chromium.child);
    rmSync(profileDir, { recursive: true, force: true });
  }
}
