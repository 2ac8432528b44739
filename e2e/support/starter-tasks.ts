import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** On /invite/tasks, follows the first `count` suggested creators, each confirmed on its button. */
export async function followSuggestedCreators(page: Page, count: number): Promise<void> {
  const creators = page.getByTestId('suggested-creator');
  for (let i = 0; i < count; i++) {
    const follow = creators.nth(i).getByTestId('suggested-follow');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
  }
}
