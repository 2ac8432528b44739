import type { Bridge } from '@h5/bridge';
import { JUMP_KEY, type JumpTarget, USER_DETAIL_JUMP } from '@h5/core';
import type { LazyApi } from '../../lib/api-client';

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
  { id: 'copy', label: '复制文本', run: (b) => b.copyText('https://community-h5.example/share/1') },
  {
    id: 'share',
    label: '分享',
    run: (b) => b.share({ shareTitle: '社区好物', shareContent: '来看看', shareUrl: location.href }),
  },
  {
    id: 'share-wechat',
    label: '分享到微信',
    run: (b) => b.share({ channel: 1, shareTitle: '社区好物', shareUrl: location.href }),
  },
  { id: 'preview', label: '图片预览', run: (b) => b.previewImage(SAMPLE_IMAGES, 1) },
  {
    id: 'calendar-add',
    label: '添加日历提醒',
    run: (b) => {
      const start = new Date(Date.now() + 86_400_000);
      return b.addCalendarEvent({
        id: CALENDAR_ID,
        title: '新品发售提醒',
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 3_600_000).toISOString(),
        remindMinutes: 10,
      });
    },
  },
  { id: 'calendar-delete', label: '删除日历提醒', run: (b) => b.deleteCalendarEvent(CALENDAR_ID) },
  { id: 'real-name', label: '二要素实名', run: (b) => b.realNameAuth('twoElement') },
  { id: 'chat', label: '联系客服', run: (b) => b.openChat({ staff: true }) },
  { id: 'publish', label: '发布动态', run: (b) => b.publishTrend({ text: '#球鞋' }) },
  { id: 'toast', label: '原生提示', run: (b) => b.showToast('来自网页的提示') },
  { id: 'finished', label: 'finishedPage', run: (b) => b.finishedPage() },
];

const jump = (key: JumpTarget, params: Record<string, string | number>, label: string): ConsoleAction => ({
  id: `jump-${key}`,
  label,
  run: (b) => b.redirect(key, params),
});

/** Native jumps by key (spec §2); outside the app they open the same-origin fallbacks. */
export const JUMP_ACTIONS: readonly ConsoleAction[] = [
  jump(JUMP_KEY.posts, { postsId: 12 }, '专栏 8'),
  jump(JUMP_KEY.trend, { trendId: 34 }, '动态 3'),
  jump(JUMP_KEY.topic, { tagId: 56 }, '话题 29'),
  jump(JUMP_KEY.news, { newsId: 78 }, '资讯 4'),
  jump(JUMP_KEY.circle, { circleId: 9 }, '圈子 31'),
  jump(JUMP_KEY.externalLink, { url: '/community/feed' }, '外链 5'),
  jump(JUMP_KEY.loginRequired, { url: '/community/feed' }, '需登录 28'),
  jump(USER_DETAIL_JUMP, { userId: 1 }, '用户主页'),
];
