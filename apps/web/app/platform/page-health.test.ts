import { describe, expect, it } from 'vitest';
import { looksBlank } from './page-health';

const element = (text: string, media = false) =>
  ({ innerText: text, textContent: text, querySelector: () => (media ? {} : null) }) as unknown as Element;

describe('looksBlank', () => {
  it('is blank without a page, or with no text and no media', () => {
    expect(looksBlank(null)).toBe(true);
    expect(looksBlank(element('  \n '))).toBe(true);
  });

  it('is not blank with text or with an image', () => {
    expect(looksBlank(element('推荐'))).toBe(false);
    expect(looksBlank(element('', true))).toBe(false);
  });
});
