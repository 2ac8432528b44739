import type { BridgeCallKind } from '@h5/bridge/protocol';
import { type AppFeature, meetsFeature } from '@h5/core';

/**
 * The native feature a request needs (spec §9 minimum versions), or null when every version
 * answers it. Channel share is not here: an older app shows its sheet instead of refusing.
 */
export function requiredFeature(kind: BridgeCallKind, payload: unknown): AppFeature | null {
  switch (kind) {
    case 'getPlatformInfo':
      return 'platformInfo';
    case 'openChat':
      return 'chat';
    case 'previewImage':
      return 'imagePreview';
    case 'realNameAuth':
      return (payload as { mode?: string } | undefined)?.mode === 'twoElement' ? 'twoElementRealName' : null;
    default:
      return null;
  }
}

/** The feature the app is too old for, or null when it can answer the request. */
export function missingFeature(
  appVersion: string,
  message: { kind: BridgeCallKind; payload: unknown },
): AppFeature | null {
  const feature = requiredFeature(message.kind, message.payload);
  return feature && !meetsFeature(appVersion, feature) ? feature : null;
}

/** True when the app shares straight to a channel without its sheet (4.38.5). */
export function sharesToChannelDirectly(appVersion: string): boolean {
  return meetsFeature(appVersion, 'channelShare');
}
