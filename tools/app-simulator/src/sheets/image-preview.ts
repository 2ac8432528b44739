import { NATIVE_TEXT } from '../native-text';
import { DISMISS_ACTION, type ViewerSpec } from '../sheet-spec';
import type { SheetController } from './sheet-controller';

const TEXT = NATIVE_TEXT.imagePreview;

/** The full-screen viewer; paging happens in the page, closing reports `dismiss`. */
export function imagePreviewSpec(id: string, urls: string[], index: number): ViewerSpec {
  return {
    id,
    kind: 'imagePreview',
    title: TEXT.title,
    urls,
    index,
    closeLabel: NATIVE_TEXT.close,
    previousLabel: TEXT.previous,
    nextLabel: TEXT.next,
    imageAltPrefix: TEXT.imageAltPrefix,
  };
}

/** The native image viewer (5.0.0): finishes with true when closed. */
export function createImagePreview(urls: string[], index: number): SheetController<true> {
  return {
    kind: 'imagePreview',
    start: (ui) => ui.render(imagePreviewSpec(ui.id, urls, index)),
    async onAction({ action }, ui) {
      if (action === DISMISS_ACTION) await ui.finish(true);
    },
  };
}
