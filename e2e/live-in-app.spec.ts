import { contract } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { useAppSimulator } from './support/app';
import { waitForHydration } from './support/page';

describe('live inside the app (issue 16)', () => {
  const app = useAppSimulator();

  it('a host renames the group; a fan claims once with a double tap; the live jump opens natively through the bridge', async () => {
    const hostSim = await app.launch();
    await hostSim.login();
    await hostSim.goto('/internal/live-console');
    await waitForHydration(hostSim.page);
    await hostSim.page.getByTestId('console-become-host').click();
    await hostSim.page.getByTestId('console-start').click();
    await expect
      .poll(() => hostSim.page.getByTestId('console-my-log').textContent(), { timeout: 10_000 })
      .toContain('直播中');
    const hostHref = (await hostSim.page.getByTestId('console-open-host').getAttribute('href')) ?? '';
    const streamId = Number(new URLSearchParams(hostHref.split('?')[1]).get('streamId'));
    await hostSim.goto(hostHref);
    await waitForHydration(hostSim.page);
    await hostSim.page.getByTestId('rename-open').click();
    await hostSim.page.getByTestId('rename-input').fill('一二三四五六七八九');
    await hostSim.page.getByTestId('rename-save').click();
    await expect
      .poll(() => hostSim.page.getByTestId('rename-error').textContent(), { timeout: 10_000 })
      .toBe('粉丝团名称须为 2 到 8 个字');
    await hostSim.page.getByTestId('rename-input').fill('App团');
    await hostSim.page.getByTestId('rename-save').click();
    await expect
      .poll(() => hostSim.page.getByTestId('group-name').textContent(), { timeout: 10_000 })
      .toBe('App团');

    const fanSim = await app.launch();
    await fanSim.login();
    await fanSim.goto('/internal/live-console');
    await waitForHydration(fanSim.page);
    const row = fanSim.page.locator(`[data-testid="console-stream"][data-stream-id="${streamId}"]`);
    await row.getByTestId('console-join').click();
    await expect
      .poll(() => row.getByTestId('console-join').textContent(), { timeout: 10_000 })
      .toBe('已加入');
    await row.getByTestId('console-watch').click();
    await expect
      .poll(() => fanSim.page.getByTestId('console-toast').textContent(), { timeout: 10_000 })
      .toBe('已记录');
    await fanSim.goto(`/live/fans-group?streamId=${streamId}`);
    await waitForHydration(fanSim.page);
    const task = fanSim.page.getByTestId('week-task-watch');
    await expect.poll(() => task.getAttribute('data-state'), { timeout: 10_000 }).toBe('claimable');
    const claims: string[] = [];
    fanSim.page.on('request', (r) => {
      if (r.url().includes(contract.live.weekTaskAward.path)) claims.push(r.url());
    });
    await task.getByTestId('claim-watch').dblclick();
    await expect
      .poll(() => fanSim.page.getByTestId('week-task-watch').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('claimed');
    expect(claims).toHaveLength(1);
    await expect
      .poll(() => fanSim.page.getByTestId('allowance-2').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('claimable');
    await fanSim.page.getByTestId('claim-allowance-2').click();
    await expect
      .poll(() => fanSim.page.getByTestId('allowance-2').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('claimed');

    // Following the host sends follow/add with the host's userId as an integer.
    const follow = fanSim.page.waitForRequest((r) => r.url().includes(contract.community.followAdd.path));
    await fanSim.page.getByTestId('follow-host').click();
    const body = JSON.parse((await follow).postData() ?? '{}') as { userId: unknown };
    expect(Number.isInteger(body.userId)).toBe(true);
    await expect
      .poll(() => fanSim.page.getByTestId('follow-host').textContent(), { timeout: 10_000 })
      .toBe('已关注');

    // The live jump: in the app the bridge pushes the room in a new webview.
    const since = Date.now();
    await fanSim.page.getByTestId('enter-room').click();
    const call = await fanSim.waitForCall('navigate', { since });
    expect(call.payload).toMatchObject({
      action: 'push',
      url: expect.stringMatching(/^\/live\/room\?roomId=\d+$/),
    });
    await fanSim.page.waitForURL(/\/live\/room\?roomId=\d+$/, { timeout: 10_000 });
    await waitForHydration(fanSim.page);
    expect(await fanSim.page.getByTestId('room-stage').getAttribute('data-living')).toBe('true');
  });
});
