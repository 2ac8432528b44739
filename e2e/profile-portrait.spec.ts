import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 31 point 5: a follower's own profile is what the creator's fans portrait counts.

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const shot = (page: Page, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false }) : Promise.resolve();

const userIdOf = (tokens: { duToken: string }) => Number(tokens.duToken.split('|')[1]);

describe('profile and fans portrait in a phone browser', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a follower sets a region on their profile page, and the creator’s fans portrait shows it', async () => {
    const creatorTokens = await apiLogin(baseURL);
    const followerTokens = await apiLogin(baseURL);
    const creatorId = userIdOf(creatorTokens);
    const followerId = userIdOf(followerTokens);
    await e2eApi(baseURL, followerTokens)(contract.community.followAdd, { userId: creatorId, follow: true });

    // The follower: own home → 编辑资料 → 女, 2000 年, 浙江省 → 保存.
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, followerTokens);
    await page.goto(`${baseURL}/community/user?userId=${followerId}`);
    await waitForHydration(page);
    await shot(page, 'profile-entry');
    await page.getByTestId('edit-profile').click();
    await page.waitForURL('**/community/profile');
    await page.locator('[data-testid="profile-region"][data-status="ready"]').waitFor();
    expect(await page.getByTestId('profile-region').inputValue()).toBe('');
    await shot(page, 'profile-empty');
    await page.getByTestId('gender-female').click();
    await page.getByTestId('profile-birth-year').selectOption('2000');
    await page.getByTestId('profile-region').selectOption('浙江省');
    await page.getByTestId('profile-save').click();
    expect(await page.getByTestId('profile-saved').textContent()).toBe('已保存');
    await shot(page, 'profile-saved');
    const stored = await e2eApi(baseURL, followerTokens)(contract.auth.profile, {});
    expect(stored).toEqual({ gender: 2, birthYear: 2000, region: '浙江省' });

    // A reload shows what is stored; back leads to the home it came from.
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId('profile-region').inputValue()).toBe('浙江省');
    expect(await page.getByTestId('profile-birth-year').inputValue()).toBe('2000');
    await page.getByTestId('profile-back').click();
    await page.waitForURL(`**/community/user?userId=${followerId}`);

    // The creator's data centre: the portrait counts the follower under 浙江 (the chart's label).
    const creatorPage = await phone.newPage();
    await setSessionCookies(creatorPage, baseURL, creatorTokens);
    await creatorPage.goto(`${baseURL}/creator/data-center`);
    await waitForHydration(creatorPage);
    await creatorPage.getByTestId('fans-portrait').scrollIntoViewIfNeeded();
    expect(await creatorPage.getByTestId('fans-total').textContent()).toBe('共 1 位粉丝');
    await creatorPage.locator('[data-testid="chart-region"] [data-drawn="true"] canvas').waitFor();
    const regions = creatorPage.getByRole('table', { name: '地域（图表，下表为同样的数据）' });
    expect(await regions.getByRole('row').allTextContents()).toEqual(['项目人数', '浙江1']);
    const genders = creatorPage.getByRole('table', { name: '性别（图表，下表为同样的数据）' });
    expect(await genders.getByRole('row', { name: /^女/ }).textContent()).toBe('女1');
    await creatorPage.getByTestId('chart-region').scrollIntoViewIfNeeded();
    await shot(creatorPage, 'fans-portrait-region');
  });

  it('a visitor who opens the profile page is sent to the login', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/profile`);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/community/profile');
  });
});
