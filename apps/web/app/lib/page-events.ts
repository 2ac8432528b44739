import type { AnalyticsPayload } from '@h5/contract';

// Screens announce what the page's analytics (started apart, after hydration) tracks, through
// window events: neither imports the other (issues 15 and 16).

/** The window event a live action is announced with (routes/live `trackLiveAction`). */
export const LIVE_ACTION_EVENT = 'h5:live-action';
export type LiveAction = AnalyticsPayload<'liveAction'>;

/** The window event a content share is announced with (share `announceContentShare`). */
export const CONTENT_SHARED_EVENT = 'h5:content-shared';
export interface ContentShared {
  contentId: number;
  /** The channel's name of spec §9 (the first name of its id: `copyUrl`, ...), or `system` for the browser's share sheet. */
  channel: string;
}
