import type { LiveContext } from '@h5/contract';
import { LIVE_ACTION_EVENT, type LiveAction } from '../../lib/page-events';

// Issue 16: live actions are analytics events carrying the page's live context. The screens
// announce them; the page's analytics (started apart, after hydration) tracks them.

/** Says that `action` was done on a live screen with this context. */
export function trackLiveAction(action: LiveAction['action'], context: LiveContext): void {
  const detail: LiveAction = { action };
  if (context.streamId !== undefined) detail.streamId = Number(context.streamId);
  if (context.streamLogId !== undefined) detail.streamLogId = Number(context.streamLogId);
  if (context.userRole !== undefined) detail.userRole = Number(context.userRole);
  window.dispatchEvent(new CustomEvent<LiveAction>(LIVE_ACTION_EVENT, { detail }));
}
