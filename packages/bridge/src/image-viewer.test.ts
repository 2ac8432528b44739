import { IMAGE_VIEWER_MESSAGES } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { openImageViewer, SWIPE_MIN_PX } from './image-viewer';
import { asDocument, FakeDom, type FakeElement } from './test-utils';

function open(urls: string[], index = 0) {
  const dom = new FakeDom();
  const opener = dom.createElement('button');
  opener.focus();
  dom.body.style.overflow = 'auto';
  const closed = openImageViewer(asDocument(dom), urls, index);
  const dialog = dom.body.children[0] as FakeElement;
  const image = dialog.find((el) => el.tagName === 'img') as FakeElement;
  const byLabel = (label: string) =>
    dialog.find((el) => el.getAttribute('aria-label') === label) as FakeElement;
  return { dom, opener, closed, dialog, image, byLabel };
}

describe('openImageViewer', () => {
  it('opens an accessible modal dialog on the chosen image, focus on close, the page locked', () => {
    const { dom, dialog, image, byLabel } = open(['a.jpg', 'b.jpg', 'c.jpg'], 1);
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-label')).toBe(IMAGE_VIEWER_MESSAGES.dialog);
    expect(image.getAttribute('src')).toBe('b.jpg');
    expect(image.getAttribute('alt')).toBe('2/3');
    expect(dom.activeElement).toBe(byLabel(IMAGE_VIEWER_MESSAGES.close));
    expect(dom.body.style.overflow).toBe('hidden');
  });

  it('changes the image with the arrow keys, the buttons and a swipe, stopping at the ends', () => {
    const { dialog, image, byLabel } = open(['a.jpg', 'b.jpg', 'c.jpg']);
    dialog.dispatch('keydown', { key: 'ArrowRight' });
    expect(image.getAttribute('src')).toBe('b.jpg');
    byLabel(IMAGE_VIEWER_MESSAGES.next).dispatch('click');
    byLabel(IMAGE_VIEWER_MESSAGES.next).dispatch('click');
    expect(image.getAttribute('src')).toBe('c.jpg');
    dialog.dispatch('touchstart', { touches: [{ clientX: 200 }] });
    dialog.dispatch('touchend', { changedTouches: [{ clientX: 200 + SWIPE_MIN_PX }] });
    expect(image.getAttribute('src')).toBe('b.jpg');
    dialog.dispatch('touchstart', { touches: [{ clientX: 200 }] });
    dialog.dispatch('touchend', { changedTouches: [{ clientX: 190 }] }); // too short: no change
    expect(image.getAttribute('src')).toBe('b.jpg');
    dialog.dispatch('keydown', { key: 'ArrowLeft' });
    byLabel(IMAGE_VIEWER_MESSAGES.previous).dispatch('click');
    expect(image.getAttribute('src')).toBe('a.jpg');
  });

  it('keeps Tab inside the dialog', () => {
    const { dom, dialog, byLabel } = open(['a.jpg', 'b.jpg']);
    const tab = dialog.dispatch('keydown', { key: 'Tab', shiftKey: true });
    expect(tab.preventDefault).toHaveBeenCalled();
    expect(dom.activeElement).toBe(byLabel(IMAGE_VIEWER_MESSAGES.next));
    dialog.dispatch('keydown', { key: 'Tab' });
    expect(dom.activeElement).toBe(byLabel(IMAGE_VIEWER_MESSAGES.close));
  });

  it('closes on Escape, restoring focus and scrolling', async () => {
    const { dom, opener, closed, dialog } = open(['a.jpg']);
    expect(dialog.find((el) => el.getAttribute('aria-label') === IMAGE_VIEWER_MESSAGES.next)).toBeUndefined();
    dialog.dispatch('keydown', { key: 'Escape' });
    await closed;
    expect(dom.body.children).toHaveLength(0);
    expect(dom.activeElement).toBe(opener);
    expect(dom.body.style.overflow).toBe('auto');
  });

  it('closes with the close button', async () => {
    const { dom, closed, byLabel } = open(['a.jpg']);
    byLabel(IMAGE_VIEWER_MESSAGES.close).dispatch('click');
    await closed;
    expect(dom.body.children).toHaveLength(0);
  });
});
