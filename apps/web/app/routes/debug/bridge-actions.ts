import type { Bridge } from '@h5/bridge';
import { JUMP_KEY, type JumpTarget, PRODUCT_JUMP, SHARE_CHANNELS, USER_DETAIL_JUMP } from '@h5/core';
import type { LazyApi } from '../../lib/api-client';
import { BRIDGE_TEXT } from '../../lib/ui-text/bridge';

const T = BRIDGE_TEXT;
const S = BRIDGE_TEXT.samples;

/** One button of the bridge console: a label and what it runs. */
export interface ConsoleAction {
  id: string;
  label: string;
  run: (bridge: Bridge, api: LazyApi) => Promise<unknown>;
}

const SAMPLE_IMAGES = ['/cdn/seed/cover-1.svg', '/cdn/seed/cover-2.svg', '/cdn/seed/cover-3.svg'];
const CALENDAR_ID = 'bridge-console-reminder';

/** The spec §7 messages, each through the bridge's gated helper (native, or the web fallback). */
export const MESSAGE_ACTIONS: readonly ConsoleAction[] = [
  { id: 'copy', label: T.actions.copy, run: (b) => b.copyText('https://community-h5.example/share/1') },
  {
    id: 'share',
    label: T.actions.share,
    run: (b) => b.share({ shareTitle: S.shareTitle, shareContent: S.shareContent, shareUrl: location.href }),
  },
  {
    id: 'share-wechat',
    label: T.actions.shareWechat,
    run: (b) =>
      b.share({ channel: SHARE_CHANNELS.wechat, shareTitle: S.shareTitle, shareUrl: location.href }),
  },
  { id: 'preview', label: T.actions.preview, run: (b) => b.previewImage(SAMPLE_IMAGES, 1) },
  {
    id: 'calendar-add',
    label: T.actions.calendarAdd,
    run: (b) => {
      const start = new Date(Date.now() + 86_400_000);
      return b.addCalendarEvent({
        id: CALENDAR_ID,
        title: S.calendarTitle,
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 3_600_000).toISOString(),
        remindMinutes: 10,
      });
    },
  },
  { id: 'calendar-delete', label: T.actions.calendarDelete, run: (b) => b.deleteCalendarEvent(CALENDAR_ID) },
  { id: 'real-name', label: T.actions.realName, run: (b) => b.realNameAuth('twoElement') },
  { id: 'chat', label: T.actions.chat, run: (b) => b.openChat({ staff: true }) },
  { id: 'publish', label: T.actions.publish, run: (b) => b.publishTrend({ text: S.trendText }) },
  { id: 'toast', label: T.actions.toast, run: (b) => b.showToast(S.toast) },
  { id: 'finished', label: T.actions.finished, run: (b) => b.finishedPage() },
  { id: 'track-source', label: T.actions.trackSource, run: (b) => b.getTrackSource() },
];

const jump = (key: JumpTarget, params: Record<string, string | number>, label: string): ConsoleAction => ({
  id: `jump-${key}`,
  label,
  run: (b) => b.redirect(key, params),
});

/** Native jumps by key (spec §2); outside the app they open the same-origin fallbacks. */
export const JUMP_ACTIONS: readonly ConsoleAction[] = [
  jump(JUMP_KEY.posts, { postsId: 12 }, T.jumpLabels.posts),
  jump(JUMP_KEY.trend, { trendId: 34 }, T.jumpLabels.trend),
  jump(JUMP_KEY.topic, { tagId: 56 }, T.jumpLabels.topic),
  jump(JUMP_KEY.news, { newsId: 78 }, T.jumpLabels.news),
  jump(JUMP_KEY.circle, { circleId: 9 }, T.jumpLabels.circle),
  jump(JUMP_KEY.externalLink, { url: '/community/feed' }, T.jumpLabels.externalLink),
  jump(JUMP_KEY.loginRequired, { url: '/community/feed' }, T.jumpLabels.loginRequired),
  jump(USER_DETAIL_JUMP, { userId: 1 }, T.jumpLabels.userDetail),
  jump(PRODUCT_JUMP, { spuId: 1_000_001, propertyValueId: 1 }, T.jumpLabels.product),
];
