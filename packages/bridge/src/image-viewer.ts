import { IMAGE_VIEWER_MESSAGES as TEXT } from '@h5/core';

/** A horizontal swipe at least this long changes the image. */
export const SWIPE_MIN_PX = 40;

const OVERLAY_STYLE =
  'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;' +
  'background:#000;touch-action:pan-y;outline:none';
const IMAGE_STYLE = 'max-width:100%;max-height:100%;object-fit:contain;user-select:none';
const BUTTON_STYLE =
  'position:absolute;width:44px;height:44px;border:0;border-radius:22px;background:rgba(0,0,0,.45);' +
  'color:#fff;font-size:28px;line-height:44px;padding:0;cursor:pointer';
const COUNTER_STYLE =
  'position:absolute;bottom:24px;left:0;right:0;text-align:center;color:#fff;font-size:14px';

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string>,
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

function button(doc: Document, label: string, glyph: string, place: string): HTMLButtonElement {
  const el = element(doc, 'button', {
    type: 'button',
    'aria-label': label,
    style: `${BUTTON_STYLE};${place}`,
  });
  el.textContent = glyph;
  return el;
}

/**
 * The web stand-in for the native image preview: a full-screen dialog (role=dialog, focus kept
 * inside, Escape or the close button closes, arrows or a swipe change the image). Resolves on close.
 */
export function openImageViewer(doc: Document, urls: readonly string[], index = 0): Promise<void> {
  return new Promise((resolve) => {
    const total = urls.length;
    let current = Math.min(Math.max(0, Math.trunc(index) || 0), total - 1);
    let swipeStartX: number | null = null;
    const returnFocus = doc.activeElement as HTMLElement | null;
    const bodyOverflow = doc.body.style.overflow;

    const overlay = element(doc, 'div', {
      role: 'dialog',
      'aria-modal': 'true',
      'aria-label': TEXT.dialog,
      tabindex: '-1',
      style: OVERLAY_STYLE,
    });
    const image = element(doc, 'img', { style: IMAGE_STYLE, draggable: 'false' });
    const counter = element(doc, 'div', { 'aria-live': 'polite', style: COUNTER_STYLE });
    const close = button(doc, TEXT.close, '×', 'top:16px;right:16px');
    const controls: HTMLButtonElement[] = [close];
    overlay.append(image, counter, close);
    if (total > 1) {
      const previous = button(doc, TEXT.previous, '‹', 'left:12px;top:50%;margin-top:-22px');
      const next = button(doc, TEXT.next, '›', 'right:12px;top:50%;margin-top:-22px');
      previous.addEventListener('click', () => show(current - 1));
      next.addEventListener('click', () => show(current + 1));
      overlay.append(previous, next);
      controls.push(previous, next);
    }

    function show(target: number): void {
      current = Math.min(Math.max(0, target), total - 1);
      const position = TEXT.position(current + 1, total);
      image.setAttribute('src', urls[current] ?? '');
      image.setAttribute('alt', position);
      counter.textContent = total > 1 ? position : '';
    }

    function finish(): void {
      overlay.remove();
      doc.body.style.overflow = bodyOverflow;
      returnFocus?.focus?.();
      resolve();
    }

    close.addEventListener('click', finish);
    // A tap on the picture or the dark backdrop closes, as in the app's own viewer.
    overlay.addEventListener('click', (event) => {
      if (event.target === overlay || event.target === image) finish();
    });
    overlay.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') finish();
      else if (event.key === 'ArrowLeft') show(current - 1);
      else if (event.key === 'ArrowRight') show(current + 1);
      else if (event.key === 'Tab') {
        // A modal keeps focus inside: wrap from the last control to the first and back.
        const at = controls.indexOf(doc.activeElement as HTMLButtonElement);
        const to = event.shiftKey ? (at <= 0 ? controls.length - 1 : at - 1) : (at + 1) % controls.length;
        event.preventDefault();
        controls[to]?.focus();
      }
    });
    overlay.addEventListener('touchstart', (event) => {
      swipeStartX = event.touches[0]?.clientX ?? null;
    });
    overlay.addEventListener('touchend', (event) => {
      const endX = event.changedTouches[0]?.clientX;
      if (swipeStartX !== null && endX !== undefined && Math.abs(endX - swipeStartX) >= SWIPE_MIN_PX) {
        show(endX < swipeStartX ? current + 1 : current - 1);
      }
      swipeStartX = null;
    });

    show(current);
    doc.body.style.overflow = 'hidden'; // the page behind must not scroll under the viewer
    doc.body.append(overlay);
    close.focus();
  });
}
