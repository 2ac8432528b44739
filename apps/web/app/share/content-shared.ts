import { SHARE_CHANNELS } from '@h5/core';
import { CONTENT_SHARED_EVENT, type ContentShared } from '../lib/page-events';

// Issue 15 point 1: a content shared from this page is an analytics event (`contentShare`), which
// the creator's data centre counts. The share logic announces it; the page's analytics, started
// apart from it after hydration, tracks it. Neither imports the other.

/** The name of a native share channel id; `system` when the browser's own sheet shared it. */
export function channelName(id: number | null): string {
  if (id === null) return 'system';
  return Object.entries(SHARE_CHANNELS).find(([, value]) => value === id)?.[0] ?? String(id);
}

/** Says that `contentId` was shared through `channel`. */
export function announceContentShare(contentId: number, channel: number | null): void {
  window.dispatchEvent(
    new CustomEvent<ContentShared>(CONTENT_SHARED_EVENT, {
      detail: { contentId, channel: channelName(channel) },
    }),
  );
}
