import { FLOATING_BUTTONS_MESSAGES, SHARE_CHANNELS } from '@h5/core';
import { BridgeError } from './bridge-error';
import type { BridgeDocument, BridgeNavigator } from './host-window';
import { BRIDGE_ERROR, type CallResult, type SharePayload } from './protocol';

/** True when `doc` is a real DOM document (the copy fallback and the image viewer need one). */
export function isDomDocument(doc: BridgeDocument | undefined): doc is Document {
  return (
    typeof (doc as Document | undefined)?.createElement === 'function' && Boolean((doc as Document).body)
  );
}

// The pre-Clipboard-API way, still the only one in some webviews and on http pages.
function execCommandCopy(doc: Document, text: string): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', ''); // no on-screen keyboard flashes up
  area.setAttribute('style', 'position:fixed;top:0;left:0;opacity:0;pointer-events:none');
  doc.body.append(area);
  area.select();
  area.setSelectionRange(0, text.length); // iOS selects nothing with select() alone
  try {
    return doc.execCommand('copy');
  } catch {
    return false; // some engines throw instead of returning false
  } finally {
    area.remove();
  }
}

/** Copies with navigator.clipboard, else execCommand('copy'); rejects with '复制失败'. */
export async function copyWithWebApis(
  text: string,
  navigator: BridgeNavigator | undefined,
  doc: BridgeDocument | undefined,
): Promise<void> {
  if (navigator?.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Denied, or not a secure context: the textarea route below may still work.
    }
  }
  if (isDomDocument(doc) && execCommandCopy(doc, text)) return;
  throw new BridgeError(BRIDGE_ERROR.failed, FLOATING_BUTTONS_MESSAGES.copyFailure, 'setClipboard');
}

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

/** Shares with navigator.share, else copies the link (channel copyLink); the user's cancel rejects as dismissed. */
export async function shareWithWebApis(
  payload: SharePayload,
  navigator: BridgeNavigator | undefined,
  doc: BridgeDocument | undefined,
): Promise<CallResult<'share'>> {
  if (typeof navigator?.share === 'function') {
    try {
      await navigator.share({ title: payload.shareTitle, text: payload.shareContent, url: payload.shareUrl });
      return { channel: null, shared: true };
    } catch (error) {
      if (isAbort(error)) throw new BridgeError(BRIDGE_ERROR.dismissed, 'share dismissed', 'share');
      // Refused here (no user gesture, data not shareable): copying the link still shares it.
    }
  }
  await copyWithWebApis(payload.shareUrl, navigator, doc);
  return { channel: SHARE_CHANNELS.copyLink, shared: true };
}
