import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

const SHOTS = process.env.LIVE_SHOTS_DIR;
const shot = (page: Page, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png` }) : undefined;

describe('live: host centre, fans group, console and jump in a phone browser (issue 16)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a new host renames the group; a new fan watches, claims once, rises a level, claims the allowance once and finds themself in the rank', async () => {
    // The host: opens a stream on the console, starts it, renames the group in the host centre.
    const hostTokens = await apiLogin(baseURL);
    const host = await phone.newPage();
    await setSessionCookies(host, baseURL, hostTokens);
    await open(host, `${baseURL}/internal/live-console`);
    await host.getByTestId('console-become-host').click();
    await host.getByTestId('console-start').click();
    await expect
      .poll(() => host.getByTestId('console-my-log').textContent(), { timeout: 10_000 })
      .toContain('直播中');
    await shot(host, 'console');
    const hostHref = (await host.getByTestId('console-open-host').getAttribute('href')) ?? '';
    expect(hostHref).toMatch(/^\/live\/host\?streamId=\d+&streamLogId=\d+&userRole=1$/);
    const streamId = Number(new URL(hostHref, baseURL).searchParams.get('streamId'));
    await open(host, `${baseURL}${hostHref}`);
    expect(await host.getByTestId('host-level').textContent()).toContain('主播等级 Lv1');
    await shot(host, 'host-centre-new');
    await host.getByTestId('rename-open').click();
    await host.getByTestId('rename-input').fill('团');
    await host.getByTestId('rename-save').click();
    await expect
      .poll(() => host.getByTestId('rename-error').textContent(), { timeout: 10_000 })
      .toBe('粉丝团名称须为 2 到 8 个字');
    await host.getByTestId('rename-input').fill('闪电 团');
    await host.getByTestId('rename-save').click();
    await expect
      .poll(() => host.getByTestId('rename-error').textContent(), { timeout: 10_000 })
      .toBe('粉丝团名称只能包含中文、字母和数字，不能有空格、符号或表情');
    await host.getByTestId('rename-input').fill('闪电团');
    await host.getByTestId('rename-save').click();
    await expect.poll(() => host.getByTestId('group-name').textContent(), { timeout: 10_000 }).toBe('闪电团');
    await host.getByTestId('rename-open').click();
    await host.getByTestId('rename-input').fill('雷电团');
    await host.getByTestId('rename-save').click();
    await expect
      .poll(() => host.getByTestId('rename-error').textContent(), { timeout: 10_000 })
      .toMatch(/^粉丝团名称 30 天内只能修改 1 次/);

    // The fans group page with userRole=1 is the host's view (group management and the ranks);
    // the same page without it is the audience's.
    await open(host, `${baseURL}/live/fans-group?streamId=${streamId}&userRole=1`);
    expect(await host.getByTestId('fans-group').getAttribute('data-view')).toBe('host');
    expect(await host.getByTestId('group-name').textContent()).toBe('闪电团');
    await host.getByTestId('host-ranks').waitFor();
    await open(host, `${baseURL}/live/fans-group?streamId=${streamId}`);
    expect(await host.getByTestId('fans-group').getAttribute('data-view')).toBe('audience');
    expect(await host.getByTestId('rename-open').count()).toBe(0);

    // The fan: joins and watches 10 minutes on the console, then opens the fans group page.
    const fanTokens = await apiLogin(baseURL);
    const fan = await phone.newPage();
    await setSessionCookies(fan, baseURL, fanTokens);
    await open(fan, `${baseURL}/internal/live-console`);
    const row = fan.locator(`[data-testid="console-stream"][data-stream-id="${streamId}"]`);
    await row.getByTestId('console-join').click();
    await expect
      .poll(() => row.getByTestId('console-join').textContent(), { timeout: 10_000 })
      .toBe('已加入');
    await row.getByTestId('console-watch').click();
    await expect
      .poll(() => fan.getByTestId('console-toast').textContent(), { timeout: 10_000 })
      .toBe('已记录');
    const fansHref = (await row.getByTestId('console-open-fans').getAttribute('href')) ?? '';
    await open(fan, `${baseURL}${fansHref}`);
    expect(await fan.getByTestId('fans-group').getAttribute('data-view')).toBe('audience');
    expect(await fan.getByTestId('fans-group-name').textContent()).toBe('闪电团');
    const watchTask = fan.getByTestId('week-task-watch');
    await expect.poll(() => watchTask.getAttribute('data-state'), { timeout: 10_000 }).toBe('claimable');
    expect(await watchTask.textContent()).toContain('10 / 10');
    await shot(fan, 'fans-group-member');

    // A second tab shows it claimable too; a double tap in the first sends one claim.
    const tab2 = await fan.context().newPage();
    await open(tab2, `${baseURL}${fansHref}`);
    await expect
      .poll(() => tab2.getByTestId('week-task-watch').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('claimable');
    const claims: string[] = [];
    fan.on('request', (r) => {
      if (r.url().includes(contract.live.weekTaskAward.path)) claims.push(r.url());
    });
    await watchTask.getByTestId('claim-watch').dblclick();
    await expect
      .poll(() => fan.getByTestId('live-toast').textContent(), { timeout: 10_000 })
      .toBe('已领取 20 亲密度');
    expect(claims).toHaveLength(1);
    await expect
      .poll(() => fan.getByTestId('week-task-watch').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('claimed');
    await tab2.getByTestId('claim-watch').click();
    await expect
      .poll(() => tab2.getByTestId('live-toast').textContent(), { timeout: 10_000 })
      .toBe('本周该任务奖励已领取，请勿重复领取');

    // 10 + 20 intimacy: fans level 2, its allowance claimable once.
    await expect
      .poll(() => fan.getByTestId('my-membership').getAttribute('data-level'), { timeout: 10_000 })
      .toBe('2');
    expect(await fan.getByTestId('my-membership').getAttribute('data-intimacy')).toBe('30');
    const allowance = fan.getByTestId('allowance-2');
    await expect.poll(() => allowance.getAttribute('data-state'), { timeout: 10_000 }).toBe('claimable');
    await allowance.getByTestId('claim-allowance-2').dblclick();
    await expect
      .poll(() => fan.getByTestId('allowance-2').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('claimed');
    await open(tab2, `${baseURL}${fansHref}`);
    expect(await tab2.getByTestId('allowance-2').getAttribute('data-state')).toBe('claimed');
    const info = await e2eApi(baseURL, fanTokens)(contract.live.allowanceInfo, { streamId });
    expect(info.list.filter((a) => a.state === 'claimed').map((a) => a.fansLevel)).toEqual([2]);
    const week = await e2eApi(baseURL, fanTokens)(contract.live.weekTaskInfo, { streamId });
    expect(week.tasks.find((t) => t.key === 'watch')?.state).toBe('claimed');
    // Myself in the rank: first of one.
    await expect
      .poll(() => fan.getByTestId('my-rank').textContent(), { timeout: 10_000 })
      .toContain('第 1 名');
    await shot(fan, 'fans-group-claimed');

    // The host sees the fan in the rank list.
    await open(host, `${baseURL}${hostHref}`);
    const fanRow = host.getByTestId('host-ranks').getByTestId('rank-row').first();
    await fanRow.waitFor();
    expect(await fanRow.textContent()).toContain('亲密度 30');
    await shot(host, 'host-centre');

    // The live jump: no jumpUrl on a new stream, so the room fallback opens.
    await fan.getByTestId('enter-room').click();
    await fan.waitForURL(/\/live\/room\?roomId=\d+$/, { timeout: 10_000 });
    await waitForHydration(fan);
    expect(await fan.getByTestId('room-stage').getAttribute('data-living')).toBe('true');
    await shot(fan, 'room');
  });

  it('the live jump opens a stream’s own jumpUrl (seeded stream 7: our working room page)', async () => {
    const page = await phone.newPage();
    await open(page, `${baseURL}/live/fans-group?streamId=7`);
    expect(await page.getByTestId('week-tasks').count()).toBe(0); // a visitor: no membership, no tasks
    await page.getByTestId('enter-room').click();
    await page.waitForURL(`${baseURL}/live/room?roomId=800007`, { timeout: 10_000 });
    await page.getByTestId('room-stage').waitFor({ timeout: 10_000 });
  });
});
