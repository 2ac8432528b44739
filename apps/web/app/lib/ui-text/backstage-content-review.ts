import type { ReviewState } from '@h5/contract';

/** The backstage's 内容审核 page (issue 32 point 1), zh-CN. */
export const CONTENT_REVIEW_TEXT = {
  title: '内容审核',
  note: '用户发布的内容审核通过后才会出现在推荐、话题和搜索中；驳回时作者会看到理由。',
  state: '状态',
  states: { pending: '待审核', approved: '已通过', rejected: '已驳回' } satisfies Record<ReviewState, string>,
  captions: { pending: '待审核的内容', approved: '已通过的内容', rejected: '已驳回的内容' } satisfies Record<
    ReviewState,
    string
  >,
  columns: {
    createdAt: '发布时间',
    author: '作者',
    content: '内容',
    images: '图片',
    decision: '处理',
  },
  topic: (topic: string) => `#${topic}`,
  picture: (n: number) => `第 ${n} 张图片`,
  video: '视频',
  reason: '驳回理由',
  approve: '通过',
  reject: '驳回',
  decidedAt: (at: string) => `处理于 ${at}`,
} as const;
