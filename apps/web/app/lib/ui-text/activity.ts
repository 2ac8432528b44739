import type { ActivityState, AiImageStyle } from '@h5/contract';
import { AI_ACTIVITY_ENDED, AI_ACTIVITY_NOT_STARTED, AI_IMAGE_MESSAGES } from '@h5/core';

/** The h5-sociality activity pages (issue 18 point 4), zh-CN. */
export const ACTIVITY_TEXT = {
  /** The edges as the one date rule writes them with the time (formatTime's `minute`). */
  window: (startsAt: string, endsAt: string) => `活动时间：${startsAt} — ${endsAt}`,
  states: { upcoming: '未开始', running: '进行中', ended: '已结束' } satisfies Record<ActivityState, string>,
  /** The closed page: the spec's text (§8), and its code for tests and logs (never shown). */
  closed: {
    upcoming: { text: AI_IMAGE_MESSAGES.activityNotStarted, code: AI_ACTIVITY_NOT_STARTED },
    ended: { text: AI_IMAGE_MESSAGES.activityEnded, code: AI_ACTIVITY_ENDED },
  },
  closedNote: {
    upcoming: (startsAt: string) => `${startsAt} 开始，到时再来看看吧`,
    ended: (endsAt: string) => `已于 ${endsAt} 结束，感谢参与`,
  },
  /** The activity is not there (taken down, a link to one that never was). */
  unavailable: '活动不存在或已下线',
  login: '登录后参与',
  loggedIn: '已登录，可以参与活动',
  rulesTitle: '活动规则',
  guideLink: '活动攻略',
  pages: {
    strangeEncounters: {
      lead: '在社区里偶遇和你一样爱穿搭的人',
      // What the page does (issue 32 point 5): draws, the match, the unlock.
      rules: [
        '每天可以抽取 3 张偶遇卡片，为你匹配关注了相同作者、或点亮过同类内容的人',
        '互相关注即可解锁：卡片展示对方最新的 3 条内容',
        '请文明交流，违规内容将被处理',
      ],
    },
    tanabata: {
      lead: '七夕鹊桥会，晒出你们的情侣穿搭',
      rules: [
        '活动期间发布带 #七夕 话题的内容即可上榜',
        '按点亮数实时排名，展示前 20 名',
        '只统计活动期间发布的内容，每条内容只占一个名次',
      ],
    },
    xinyin: {
      lead: '心引力：被同一双鞋吸引的人',
      rules: [
        '从活动好物中选择心动的一双（可多选，可取消）',
        '为你列出同样心动的人，可以去 TA 的主页关注 TA',
        '匹配结果仅双方可见',
      ],
    },
    ai520: {
      lead: '上传一张照片，生成专属 520 心动照',
      // What the user gets first, the limits last (issue 28 point 13).
      rules: [
        '上传一张你的照片，选一种风格（甜蜜粉、复古胶片、漫画），生成你的专属 520 心动照',
        '心动照可以保存到手机，或直接分享给 TA',
        '照片与生成图都需通过审核，违规图片会被拒绝',
        '在 App 内使用需要 5.20.0 及以上版本',
        '纯色或几乎一种颜色的图片无法生成',
        '照片宽高不少于 256 像素，不超过 8192 像素，大小不超过 10 MB',
      ],
    },
  },
  /** 奇妙相遇's cards (issue 32 point 5). */
  encounter: {
    title: '今日偶遇',
    draw: '抽一张偶遇卡片',
    drawing: '抽取中…',
    drawsLeft: (n: number) => `今天还可以抽 ${n} 次`,
    noneLeft: '今天的偶遇已经用完，明天再来吧',
    empty: '还没有抽过卡片，抽一张看看今天会遇见谁',
    why: (authors: number, categories: number) =>
      authors > 0
        ? `你们都关注了 ${authors} 位作者${categories > 0 ? `，都点亮过 ${categories} 类内容` : ''}`
        : categories > 0
          ? `你们都点亮过 ${categories} 类内容`
          : '最近活跃的作者',
    followsMe: 'TA 已关注你',
    mutual: '已互相关注，解锁 TA 的最新内容',
    locked: '互相关注后解锁 TA 的最新内容',
    follow: '关注',
    followed: '已关注',
  },
  /** 七夕's ranking (issue 32 point 5). */
  tanabata: {
    title: '#七夕 点亮榜',
    publish: '去发布 #七夕',
    empty: '还没有 #七夕 内容，快来发布第一条吧',
    lights: (n: string) => `${n} 点亮`,
  },
  /** 心引力's products and matches (issue 32 point 5). */
  xinyin: {
    title: '选择心动好物',
    pick: '心动',
    picked: '已心动',
    matchesTitle: '同样心动的人',
    matchDetail: '也为这双心动，去 TA 的主页看看',
    noMatches: '还没有人和你一样心动，过会儿再来看看',
    hint: '选一双心动好物，看看谁和你一样心动',
    empty: '好物清单还在准备中',
  },
  newYear: {
    lead: '新年 AR 试穿好物，完成任务赢好礼',
    rules: ['活动期间每个任务可提交一次自己发布的内容', '只能提交自己发布的内容', '好物清单随直播更新'],
    productsTitle: 'AR 直播好物',
    productsEmpty: '好物清单还在准备中',
    tasksTitle: '新年任务',
    pick: '选择要提交的内容',
    noContents: '你还没有发布过内容，先去发布一条吧',
    commit: '提交',
    committing: '提交中…',
    committed: (title: string) => `已提交：${title}`,
    committedAt: '已提交',
  },
  ai: {
    pickTitle: '1. 上传照片',
    styleTitle: '2. 选择风格',
    styles: { sweet: '甜蜜粉', film: '复古胶片', comic: '漫画' } satisfies Record<AiImageStyle, string>,
    make: '生成心动照',
    making: '生成中…',
    waitUpload: '照片上传中，请稍候',
    uploadFirst: '请先上传一张照片',
    resultTitle: '我的心动照',
    resultAlt: '生成的 520 心动照',
    sourceAlt: '上传的照片',
    reason: (reason: string) => `原因：${reason}`,
    save: '保存图片',
    share: '分享给 TA',
    sharing: '分享中…',
    fileName: (type: string) =>
      `520心动照.${type === 'image/jpeg' ? 'jpg' : type === 'image/webp' ? 'webp' : 'png'}`,
    shareTitle: '我的 520 心动照',
    shareContent: '送你一张专属心动照',
    linkCopied: '链接已复制，发给 TA 吧',
    shareFailed: '暂时无法分享，请先保存图片再发给 TA',
    wechatShareHint: '长按图片保存或发送给 TA',
  },
} as const;
