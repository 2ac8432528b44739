import { type AppSimulator, NATIVE_TEXT } from '@h5/app-simulator';
import { BRIDGE_ERROR } from '@h5/bridge';
import { FEATURE_MIN_VERSIONS, IMAGE_VIEWER_MESSAGES } from '@h5/core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { BRIDGE_TEXT } from '../apps/web/app/lib/ui-text/bridge';
import { openBridgeConsole, runConsoleAction, useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';

const CONSOLE = '/internal/bridge';

/** Spec §9 "Minimum native app versions per feature", written out here rather than read from the code. */
const SPEC_MINIMUMS = {
  chat: '5.7.0',
  platformInfo: '5.10.0',
  twoElementRealName: '5.26.0',
  imagePreview: '5.0.0',
  channelShare: '4.38.5',
} as const;
type Feature = keyof typeof SPEC_MINIMUMS;
const FEATURES = Object.keys(SPEC_MINIMUMS) as Feature[];

const parts = (v: string) => v.split('.').map(Number);
/** Plain major.minor.patch comparison (the versions in this file are all three-part). */
function atLeast(version: string, minimum: string): boolean {
  const [a, b] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/** The console's gates table as `{ feature: data-native }`. */
const gateRows = (page: Page) =>
  page
    .locator('tr[data-feature]')
    .evaluateAll((rows) =>
      Object.fromEntries(rows.map((r) => [r.getAttribute('data-feature'), r.getAttribute('data-native')])),
    );

const expectedGates = (version: string | null) =>
  Object.fromEntries(
    FEATURES.map((f) => [f, String(version !== null && atLeast(version, SPEC_MINIMUMS[f]))]),
  );

const callsOf = (sim: AppSimulator, kind: string) => sim.calls.filter((c) => c.kind === kind);
/** The JSON result a successful log entry shows after its action id. */
const resultOf = (text: string) => JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown>;
const UNSUPPORTED = ` ${BRIDGE_ERROR.unsupported} `;

/**
 * A barrier for "no call was sent": finishedPage goes through the same host binding after
 * whatever the page sent before, so once it is answered every earlier message is recorded.
 */
async function flushCalls(sim: AppSimulator) {
  const entry = await runConsoleAction(sim.page, 'finished');
  expect(entry.ok, entry.text).toBe(true);
}

/** The web image viewer (outside the app / below 5.0.0): a dialog in the page's own body. */
const webViewer = (page: Page) => page.locator('body > [role="dialog"]');

/** Sheets and viewers open within a second; a missing one fails well inside the test's time. */
const SOON = { timeout: 5000 };

interface GateCase {
  feature: Feature;
  below: string;
  /** Below the minimum: the fallback. */
  checkBelow(sim: AppSimulator): Promise<void>;
  /** At the minimum: the native feature. */
  checkAt(sim: AppSimulator): Promise<void>;
}

const CASES: GateCase[] = [
  {
    feature: 'imagePreview',
    below: '4.99.9',
    async checkBelow(sim) {
      await sim.page.locator('button[data-action="preview"]').click();
      const dialog = webViewer(sim.page);
      await dialog.waitFor(SOON);
      expect(await dialog.getAttribute('aria-label')).toBe(IMAGE_VIEWER_MESSAGES.dialog);
      expect(await sim.sheet('imagePreview').count()).toBe(0);
      // The console previews three images from index 1.
      expect(await dialog.locator('img').getAttribute('src')).toBe('/cdn/seed/cover-2.svg');
      expect(await dialog.locator('img').getAttribute('alt')).toBe(IMAGE_VIEWER_MESSAGES.position(2, 3));
      await dialog.getByRole('button', { name: IMAGE_VIEWER_MESSAGES.close }).click();
      await dialog.waitFor({ state: 'detached', ...SOON });
      const entry = sim.page.locator('[data-testid="bridge-log"] li[data-action="preview"]');
      await entry.waitFor(SOON);
      expect(await entry.getAttribute('data-ok')).toBe('true');
      await flushCalls(sim);
      expect(callsOf(sim, 'previewImage')).toEqual([]);
    },
    async checkAt(sim) {
      await sim.page.locator('button[data-action="preview"]').click();
      const viewer = sim.sheet('imagePreview');
      await viewer.waitFor(SOON);
      expect(await webViewer(sim.page).count()).toBe(0);
      expect(callsOf(sim, 'previewImage').map((c) => c.payload)).toEqual([
        { urls: ['/cdn/seed/cover-1.svg', '/cdn/seed/cover-2.svg', '/cdn/seed/cover-3.svg'], index: 1 },
      ]);
      await viewer.getByRole('button', { name: NATIVE_TEXT.close }).click();
      await viewer.waitFor({ state: 'detached', ...SOON });
      const entry = sim.page.locator('[data-testid="bridge-log"] li[data-action="preview"]');
      await entry.waitFor(SOON);
      expect(await entry.getAttribute('data-ok')).toBe('true');
    },
  },
  {
    feature: 'chat',
    below: '5.6.9',
    async checkBelow(sim) {
      const entry = await runConsoleAction(sim.page, 'chat');
      expect(entry.ok).toBe(false);
      expect(entry.text).toContain(UNSUPPORTED);
      await flushCalls(sim);
      expect(callsOf(sim, 'openChat')).toEqual([]);
    },
    async checkAt(sim) {
      const entry = await runConsoleAction(sim.page, 'chat');
      expect(entry.ok, entry.text).toBe(true);
      expect(resultOf(entry.text)).toEqual({ opened: true });
      expect(callsOf(sim, 'openChat').map((c) => c.payload)).toEqual([{ staff: true }]);
      expect(sim.toasts).toContain('native: chat staff');
    },
  },
  {
    feature: 'platformInfo',
    below: '5.9.9',
    async checkBelow(sim) {
      const entry = await runConsoleAction(sim.page, 'platform-info');
      expect(entry.ok, entry.text).toBe(true);
      // From the user agent alone: no device fields the app would add.
      expect(resultOf(entry.text)).toEqual({ appVersion: '5.9.9', platform: 'ios', ua: sim.userAgent });
      await flushCalls(sim);
      // Neither the page's boot nor the console asked the app.
      expect(callsOf(sim, 'getPlatformInfo')).toEqual([]);
    },
    async checkAt(sim) {
      const atBoot = callsOf(sim, 'getPlatformInfo').length;
      expect(atBoot, "the page's boot asks the app").toBeGreaterThanOrEqual(1);
      const entry = await runConsoleAction(sim.page, 'platform-info');
      expect(entry.ok, entry.text).toBe(true);
      expect(resultOf(entry.text)).toMatchObject({
        appVersion: '5.10.0',
        platform: 'ios',
        deviceTrait: 'iPhone15,2',
        uuid: expect.any(String),
      });
      expect(callsOf(sim, 'getPlatformInfo')).toHaveLength(atBoot + 1);
    },
  },
  {
    feature: 'twoElementRealName',
    below: '5.25.9',
    async checkBelow(sim) {
      const entry = await runConsoleAction(sim.page, 'real-name');
      expect(entry.ok).toBe(false);
      expect(entry.text).toContain(UNSUPPORTED);
      await flushCalls(sim);
      expect(callsOf(sim, 'realNameAuth')).toEqual([]);
      expect(await sim.sheet('realName').count()).toBe(0);
    },
    async checkAt(sim) {
      const identity = { name: '张三', idNumber: '11010519491231002X' };
      await sim.page.locator('button[data-action="real-name"]').click();
      const sheet = sim.sheet('realName');
      await sheet.waitFor(SOON);
      expect(callsOf(sim, 'realNameAuth').map((c) => c.payload)).toEqual([{ mode: 'twoElement' }]);
      await sheet.getByRole('textbox', { name: NATIVE_TEXT.realName.nameLabel }).fill(identity.name);
      await sheet.getByRole('textbox', { name: NATIVE_TEXT.realName.idLabel }).fill(identity.idNumber);
      await sheet.getByRole('button', { name: NATIVE_TEXT.realName.submit }).click();
      await sheet.waitFor({ state: 'detached', ...SOON });
      const entry = sim.page.locator('[data-testid="bridge-log"] li[data-action="real-name"]');
      await entry.waitFor(SOON);
      expect(await entry.getAttribute('data-ok')).toBe('true');
      expect(resultOf((await entry.textContent()) ?? '')).toEqual({ verified: true });
      expect(sim.realName).toEqual(identity);
    },
  },
  {
    feature: 'channelShare',
    below: '4.38.4',
    async checkBelow(sim) {
      await sim.page.locator('button[data-action="share-wechat"]').click();
      // The page drops the channel, so the app shows its sheet and the user picks one.
      const sheet = sim.sheet('share');
      await sheet.waitFor(SOON);
      const shares = callsOf(sim, 'share');
      expect(shares).toHaveLength(1);
      expect(shares[0]?.payload).toMatchObject({ shareTitle: '社区好物' });
      expect(shares[0]?.payload).not.toHaveProperty('channel');
      await sheet.getByRole('button', { name: NATIVE_TEXT.share.channels.wechat }).click();
      await sheet.waitFor({ state: 'detached', ...SOON });
      const entry = sim.page.locator('[data-testid="bridge-log"] li[data-action="share-wechat"]');
      await entry.waitFor(SOON);
      expect(await entry.getAttribute('data-ok')).toBe('true');
      expect(resultOf((await entry.textContent()) ?? '')).toEqual({ channel: 1, shared: true });
    },
    async checkAt(sim) {
      await sim.page.locator('button[data-action="share-wechat"]').click();
      const call = await sim.waitForCall('share', { timeoutMs: 5000 });
      expect(call.payload).toMatchObject({ channel: 1, shareTitle: '社区好物' });
      const entry = sim.page.locator('[data-testid="bridge-log"] li[data-action="share-wechat"]');
      await entry.waitFor(SOON);
      expect(await entry.getAttribute('data-ok')).toBe('true');
      expect(resultOf((await entry.textContent()) ?? '')).toEqual({ channel: 1, shared: true });
      expect(await sim.sheet('share').count()).toBe(0);
      expect(sim.toasts).toContain('native: shared to channel 1');
    },
  },
];

describe('native version gates in the app (spec §9)', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  /** A simulator at `appVersion` on the console, after the page's boot (platform info, finishedPage). */
  async function consoleAt(appVersion: string) {
    const sim = await app.launch({ appVersion });
    await openBridgeConsole(sim.page, `${baseURL}${CONSOLE}`);
    await sim.waitForCall('finishedPage');
    expect(await sim.page.getByTestId('bridge-in-app').textContent()).toBe(BRIDGE_TEXT.inApp);
    expect(await gateRows(sim.page)).toEqual(expectedGates(appVersion));
    return sim;
  }

  it('the code uses the minimums of spec §9', () => {
    expect(FEATURE_MIN_VERSIONS).toEqual(SPEC_MINIMUMS);
  });

  for (const c of CASES) {
    const minimum = SPEC_MINIMUMS[c.feature];

    it(`${c.feature} at ${c.below} (below ${minimum}): the fallback, nothing sent natively`, async () => {
      const sim = await consoleAt(c.below);
      try {
        expect(await sim.page.locator(`tr[data-feature="${c.feature}"]`).getAttribute('data-native')).toBe(
          'false',
        );
        await c.checkBelow(sim);
      } finally {
        await sim.close();
      }
    });

    it(`${c.feature} at ${minimum}: the native feature`, async () => {
      const sim = await consoleAt(minimum);
      try {
        expect(await sim.page.locator(`tr[data-feature="${c.feature}"]`).getAttribute('data-native')).toBe(
          'true',
        );
        await c.checkAt(sim);
      } finally {
        await sim.close();
      }
    });
  }
});

describe('the same console in a plain mobile browser: web fallbacks', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('no gate is native; preview, copy and jumps fall back to the web; app-only messages are unsupported', async () => {
    const page = await phone.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await openBridgeConsole(page, `${baseURL}${CONSOLE}`);
      expect(await page.getByTestId('bridge-in-app').textContent()).toBe(BRIDGE_TEXT.browser);
      expect(await gateRows(page)).toEqual(expectedGates(null));

      await page.locator('button[data-action="preview"]').click();
      const viewer = page.getByRole('dialog', { name: IMAGE_VIEWER_MESSAGES.dialog });
      await viewer.waitFor(SOON);
      expect(await webViewer(page).count()).toBe(1);
      expect(await viewer.locator('img').getAttribute('alt')).toBe(IMAGE_VIEWER_MESSAGES.position(2, 3));
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached', ...SOON });
      const previewed = page.locator('[data-testid="bridge-log"] li[data-action="preview"]');
      await previewed.waitFor(SOON);
      expect(await previewed.getAttribute('data-ok')).toBe('true');

      await page.evaluate(() => navigator.clipboard.writeText('before'));
      const copied = await runConsoleAction(page, 'copy');
      expect(copied.ok, copied.text).toBe(true);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        'https://community-h5.example/share/1',
      );

      for (const id of ['chat', 'real-name', 'calendar-add', 'calendar-delete']) {
        const entry = await runConsoleAction(page, id);
        expect(entry.ok, `${id} outside the app`).toBe(false);
        expect(entry.text, id).toContain(UNSUPPORTED);
      }

      const jumped = page.waitForRequest((request) =>
        new URL(request.url()).pathname.startsWith('/community/posts'),
      );
      await page.locator('button[data-action="jump-8"]').click();
      const url = new URL((await jumped).url());
      expect(url.origin).toBe(new URL(baseURL).origin);
      expect(url.searchParams.get('postsId')).toBe('12');
      // Posts are contents here: the fallback page sends the reader on to the content (issue 6).
      await page.waitForURL((landed) => landed.pathname === '/community/content/12');
    } finally {
      await page.context().close();
    }
  });
});
