import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { waitForHydration } from './support/page';

/** The live calls a page makes from now on (spec §7 "Live"; not the internal console's), with their inputs. */
function watchLiveCalls(page: Page): { path: string; input: Record<string, unknown> }[] {
  const calls: { path: string; input: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/^\/sns-live(-user|-cnt)?\/v1\//.test(url.pathname) || url.pathname.includes('/internal/')) return;
    const body =
      request.method() === 'POST' ? (JSON.parse(request.postData() ?? '{}') as Record<string, unknown>) : {};
    calls.push({ path: url.pathname, input: { ...Object.fromEntries(url.searchParams), ...body } });
  });
  return calls;
}

describe('live inside the app (issue 16)', () => {
  const app = useAppSimulator();

  const baseURL = inject('baseURL');

  it('a host renames the group and sees the rank; a fan claims once with double taps and finds themself in the rank; every live call and the rename event carry the page’s live context; the live jump opens natively', async () => {
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
    const hostQuery = new URLSearchParams(hostHref.split('?')[1]);
    const streamId = Number(hostQuery.get('streamId'));
    const streamLogId = Number(hostQuery.get('streamLogId'));
    const hostCalls = watchLiveCalls(hostSim.page);
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
    // The host centre's calls (level, tasks, credit, daily tasks, ranks, the rename) all carry the
    // page's streamId, streamLogId and userRole=1 (spec §2, §6).
    expect(hostCalls.length).toBeGreaterThan(4);
    for (const call of hostCalls)
      expect([
        call.path,
        String(call.input.streamId),
        String(call.input.streamLogId),
        String(call.input.userRole),
      ]).toEqual([call.path, String(streamId), String(streamLogId), '1']);
    expect(hostCalls.map((c) => c.path)).toContain(contract.live.editGroup.path);
    // The rename is an analytics event with the same context, stored by the collector.
    const hostDevice = await hostSim.page.evaluate(() => localStorage.getItem('h5AnonymousId'));
    await expect
      .poll(
        async () =>
          (
            await e2eApi(baseURL)(contract.analytics.listEvents, {
              anonymousId: hostDevice ?? '',
              limit: 100,
            })
          ).list
            .filter((e) => e.event === 'liveAction' && e.payload.action === 'rename')
            .map((e) => [e.payload.streamId, e.payload.streamLogId, e.payload.userRole]),
        { timeout: 20_000 },
      )
      .toEqual([[streamId, streamLogId, 1]]);

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
    const fanCalls = watchLiveCalls(fanSim.page);
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
    await fanSim.page.getByTestId('claim-allowance-2').dblclick();
    await expect
      .poll(() => fanSim.page.getByTestId('allowance-2').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('claimed');
    expect(fanCalls.filter((c) => c.path === contract.live.claimAllowance.path)).toHaveLength(1);
    // Myself in the rank: first of one.
    await expect
      .poll(() => fanSim.page.getByTestId('my-rank').textContent(), { timeout: 10_000 })
      .toContain('第 1 名');
    // The audience's calls carry the stream and no host role.
    for (const call of fanCalls) {
      expect([call.path, String(call.input.streamId)]).toEqual([call.path, String(streamId)]);
      expect(call.input.userRole).toBeUndefined();
    }
    // The host, back on the centre, sees the fan in the rank list.
    await hostSim.page.reload();
    await waitForHydration(hostSim.page);
    const fanRow = hostSim.page.getByTestId('host-ranks').getByTestId('rank-row').first();
    await fanRow.waitFor();
    expect(await fanRow.textContent()).toContain('亲密度 30');

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
