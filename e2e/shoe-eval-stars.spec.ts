import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 28 point 8: the shoe-evaluation form looks like the rest of the app. Stars, not 1 星…5 星
// buttons and a native range slider: an accessible star rating (a radio group of named radios,
// moved by the arrow keys), room between a label and its control, one frame on the text box, and
// one scale in the results (every figure out of 10, as the spec's 0–10 score; before, 7.0 beside
// the dimensions' 3.6 of 5).

describe('the shoe-evaluation form in stars, its results on one scale', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('rates with stars by tap, keys and a slide, and the product shows every figure out of 10', async () => {
    const tokens = await apiLogin(baseURL);
    const api = e2eApi(baseURL, tokens);
    const item = (await api(contract.shoeEval.shoeEvalList, { limit: 20 })).list.find(
      (i) => i.myScore === null,
    );
    const spuId = item?.product.spuId as number;
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/shoe-eval/evaluate?spuId=${spuId}`);
    await waitForHydration(page);
    const form = page.getByTestId('shoe-evaluate-form');

    // No slider, no 1 星 … 5 星 buttons: four star ratings, each a named radio group.
    expect(await form.locator('input[type=range]').count()).toBe(0);
    expect(await form.getByRole('button', { name: /^\d 星$/ }).count()).toBe(0);
    const groups = form.getByRole('radiogroup');
    expect(await groups.count()).toBe(4);
    const score = form.getByRole('radiogroup', { name: '总体评分' });
    expect(await score.getByRole('radio').count()).toBe(20);
    expect(await score.getByRole('radio', { name: '8.0 分' }).isChecked()).toBe(true);
    const comfort = form.getByRole('radiogroup', { name: '舒适度' });
    expect(await comfort.getByRole('radio').count()).toBe(5);

    // The keys: from 8.0 one step right is 8.5, two left 7.5; a dimension moves by whole stars.
    await score.getByRole('radio', { name: '8.0 分' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('shoe-evaluate-score').textContent()).toBe('8.5 分');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('shoe-evaluate-score').textContent()).toBe('7.5 分');
    expect(await score.getByRole('radio', { name: '7.5 分' }).isChecked()).toBe(true);
    await comfort.getByRole('radio', { name: '4 星' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await comfort.getByRole('radio', { name: '3 星' }).isChecked()).toBe(true);
    // A tap on the fifth star of 颜值.
    await form.getByRole('radiogroup', { name: '颜值' }).getByRole('radio', { name: '5 星' }).click();
    // A slide along the score's stars to the far right end is 10.
    const box = await score.boundingBox();
    if (!box) throw new Error('no score stars');
    await page.mouse.move(box.x + 4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(await page.getByTestId('shoe-evaluate-score').textContent()).toBe('10.0 分');
    await score.getByRole('radio', { name: '9.0 分' }).click();
    expect(await page.getByTestId('shoe-evaluate-score').textContent()).toBe('9.0 分');

    // Room between each label and its stars.
    for (const name of ['总体评分', '舒适度', '颜值', '性价比']) {
      const group = form.getByRole('radiogroup', { name });
      const legend = await form.locator('legend', { hasText: name }).boundingBox();
      const stars = await group.boundingBox();
      expect((stars?.y ?? 0) - ((legend?.y ?? 0) + (legend?.height ?? 0))).toBeGreaterThanOrEqual(8);
    }
    // The text box: one frame, also while typing (no focus ring around its border).
    const textarea = form.locator('textarea[name=text]');
    await textarea.fill('鞋面透气，中底回弹好');
    const frames = await textarea.evaluate((el) => {
      const style = getComputedStyle(el);
      return { outline: style.outlineStyle, border: style.borderTopWidth };
    });
    expect(frames).toEqual({ outline: 'none', border: '1px' });

    await page.getByTestId('shoe-evaluate-submit').click();
    await page.waitForURL((url) => url.pathname === '/shoe-eval/spu');
    await page.getByTestId('shoe-eval-mine').waitFor();
    const info = await api(contract.shoeEval.shoeEvalInfo, { spuId });
    expect(info.mine).toMatchObject({ score: 9, dimensions: { comfort: 3, looks: 5, value: 4 } });

    // The results: one scale. The average and the three dimensions are figures out of 10.
    expect(await page.getByTestId('shoe-eval-scale').textContent()).toBe('满分 10 分');
    expect(await page.getByTestId('shoe-eval-average').textContent()).toBe(info.aggregate.average.toFixed(1));
    for (const k of ['comfort', 'looks', 'value'] as const) {
      const figure = await page.getByTestId(`shoe-eval-dim-${k}`).locator('dd').textContent();
      expect(figure?.trim()).toBe((Math.round(info.aggregate.dimensions[k] * 20) / 10).toFixed(1));
      expect(Number(figure)).toBeGreaterThanOrEqual(2);
      expect(Number(figure)).toBeLessThanOrEqual(10);
    }
    await page.context().close();
  });
});
