import type { NativeTokens } from '@h5/bridge';
import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { backstageLogin, operatorApi } from './support/operators';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 30 point 4: live ops ship a lottery prize on the backstage and the winner sees it shipped.

const userIdOf = (tokens: NativeTokens) => Number(tokens.duToken.split('|')[1]);

describe('the backstage lottery pages', () => {
  const browser = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('live ops ship a winner’s prize with a waybill on the detail page; the winner sees 已发货', async () => {
    const host = await apiLogin(baseURL);
    const winner = await apiLogin(baseURL);
    const liveOps = await operatorApi('live_ops', baseURL);
    const { lotteryId } = await liveOps(contract.lottery.createLottery, {
      streamId: 600_000 + userIdOf(host),
      hostUserId: userIdOf(host),
      prize: '后台发货球鞋',
      quantity: 1,
      entryRule: 'none',
      drawInSeconds: 600,
    });
    await e2eApi(baseURL, winner)(contract.lottery.enterLottery, { lotteryId });
    await e2eApi(baseURL)(contract.lottery.drawLottery, { lotteryId });
    await e2eApi(baseURL, winner)(contract.lottery.addrSubmit, {
      lotteryId,
      name: '李四',
      mobile: '13900002222',
      region: '广东省 深圳市 南山区',
      street: '科技园南路 88 号 2 栋',
    });

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await backstageLogin(page, baseURL, 'live_ops', `/backstage/lotteries/${lotteryId}`);
    const winners = page.getByTestId('lottery-winners');
    await winners.waitFor();
    const row = winners.locator('tr', { hasText: `（${userIdOf(winner)}）` });
    expect(await row.textContent()).toContain('李四 13900002222 广东省 深圳市 南山区 科技园南路 88 号 2 栋');
    expect(await row.textContent()).toContain('待发货');
    await row.getByLabel('快递公司').fill('顺丰速运');
    await row.getByLabel('运单号').fill('SF20261128001');
    await row.getByRole('button', { name: '标记已发货' }).click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('已发货');
    // The entrants, a page of their own under the winners.
    const entrants = page.getByTestId('lottery-entrants');
    expect(await entrants.locator('tbody tr').count()).toBe(1);
    expect(await entrants.textContent()).toContain(String(userIdOf(winner)));
    expect(await page.getByRole('button', { name: '下一页' }).isDisabled()).toBe(true);
    await page.context().close();

    const mine = await browser.newPage();
    await setSessionCookies(mine, baseURL, winner);
    await mine.goto(`${baseURL}/live/lottery?lotteryId=${lotteryId}`);
    await waitForHydration(mine);
    expect(await mine.getByTestId('lottery-shipping').textContent()).toBe('已发货');
    expect(await mine.getByTestId('lottery-waybill').textContent()).toBe('顺丰速运 SF20261128001');
    await mine.context().close();
  });

  it('a moderator reads that the lottery page is not for their role', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await backstageLogin(page, baseURL, 'moderator', '/backstage/lotteries');
    expect(await page.getByTestId('backstage-forbidden').textContent()).toBe('当前角色无权访问此页面');
    await page.goto(`${baseURL}/backstage/staffing`);
    await page.getByTestId('staffing-table').waitFor();
    expect(await page.getByTestId('staffing-table').locator('thead').textContent()).toBe(
      '创作者用户 ID签约状态签约时间',
    );
    await page.context().close();
  });
});
