import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';

// Issue 14 point 3: the detail's comments are in the server page, styled by a stylesheet the
// server page links: with JavaScript off they read the same, and nothing flashes unstyled.
describe('comments without JavaScript', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('the server page lists the first comments with their styles', async () => {
    const api = e2eApi(baseURL);
    const feed = await api(contract.content.moreRecommend, { limit: 20 });
    let contentId = 0;
    let first = '';
    for (const card of feed.list) {
      const page = await api(contract.community.replyList, { contentId: card.contentId, limit: 20 });
      if (page.list.length >= 2) {
        contentId = card.contentId;
        first = page.list[0]?.author.userName ?? '';
        break;
      }
    }
    expect(contentId).toBeGreaterThan(0);
    const page = await phone.newPage({ javaScriptEnabled: false });
    await page.goto(`${baseURL}/community/content/${contentId}`);
    const section = page.getByTestId('comment-section');
    await section.waitFor();
    expect(await section.getByTestId('comment').count()).toBeGreaterThanOrEqual(2);
    expect(await section.getByTestId('comment').first().textContent()).toContain(first);
    // Styled from the first paint: the section's CSS module rules apply (its padding is not 0).
    expect(await section.evaluate((el) => getComputedStyle(el).paddingTop)).not.toBe('0px');
    await page.context().close();
  });
});
