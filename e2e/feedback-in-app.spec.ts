import { contract } from '@h5/contract';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { waitForHydration } from './support/page';

describe('report inside the app', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('an app user attaches an image through the app gateway and submits; the report is stored with it', async () => {
    const sim = await app.launch();
    const tokens = await sim.login();
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 10 });
    const contentId = feed.list.at(-1)?.contentId as number;
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2d8cf0' } })
      .png()
      .toBuffer();

    const tokenCalls: string[] = [];
    sim.page.on('request', (request) => {
      if (request.url().includes('/oss-platform/token/')) tokenCalls.push(new URL(request.url()).pathname);
    });
    await sim.goto(`/feedback/accuse?targetType=content&targetId=${contentId}`);
    await waitForHydration(sim.page);
    await sim.page.getByTestId('accuse-target').waitFor();
    await sim.page.getByRole('radio').first().check();
    await sim.page
      .getByTestId('evidence-input')
      .setInputFiles({ name: 'in-app.png', mimeType: 'image/png', buffer: image });
    const tile = sim.page.getByTestId('evidence-tile');
    await expect.poll(() => tile.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    expect(tokenCalls).toEqual([contract.upload.tokenApp.path]);
    await sim.page.getByTestId('submit').click();
    await sim.page.getByTestId('accuse-success').waitFor();

    const api = e2eApi(baseURL, tokens);
    const info = await api(contract.feedback.accuseInfo, {
      targetType: 'content',
      targetId: String(contentId),
    });
    const stored = await api(contract.feedback.myAccusation, {
      accuseId: info.submitted?.accuseId as number,
    });
    expect(stored.images).toHaveLength(1);
    const served = await fetch(`${baseURL}/cdn/${stored.images[0]?.key}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });
  it('an upload whose login cookie went missing heals it through the app once, then goes on', async () => {
    const sim = await app.launch();
    await sim.login();
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 10 });
    const contentId = feed.list.at(-2)?.contentId as number;
    const image = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#f0902d' } })
      .png()
      .toBuffer();
    await sim.goto(`/feedback/accuse?targetType=content&targetId=${contentId}`);
    await waitForHydration(sim.page);
    await sim.page.getByTestId('accuse-target').waitFor();
    // The webview loses the app's cookies (the WKWebView problem); the app still has its login.
    await sim.context.clearCookies();
    const syncsBefore = sim.calls.filter((c) => c.kind === 'syncCookies').length;
    await sim.page
      .getByTestId('evidence-input')
      .setInputFiles({ name: 'healed.png', mimeType: 'image/png', buffer: image });
    const tile = sim.page.getByTestId('evidence-tile');
    await expect.poll(() => tile.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    expect(sim.calls.filter((c) => c.kind === 'syncCookies').length).toBe(syncsBefore + 1);
    expect((await sim.context.cookies(baseURL)).some((c) => c.name === 'duToken')).toBe(true);
  });
});
