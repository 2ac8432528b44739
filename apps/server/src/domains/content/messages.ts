/**
 * The content domain's refusals, shown to the user as the envelope's msg (the spec writes no
 * texts for them); listed in docs/api.md.
 */
export const CONTENT_MESSAGES = {
  /** A content id that is no content (or someone else's, for self-content-detail). */
  notFound: '内容不存在或已被删除',
  /** A tag id that is no content category. */
  tagNotFound: '话题不存在',
  /** content-detail's `version` header is older than the format this server answers. */
  versionTooOld: (minimum: string, got: string) => `content-detail 需要 ${minimum} 或更高的版本，收到 ${got}`,
} as const;

/** Publishing and its review (issue 32 point 1), listed in docs/api.md. */
export const PUBLISH_MESSAGES = {
  categoryUnknown: (tagId: number) => `话题分类 ${tagId} 不存在`,
  requestIdReused: '这个 requestId 已用于另一条内容，请刷新后重新发布',
  imageNotOwned: (n: number) => `第 ${n} 张图片不是你上传的图片，请重新上传`,
  videoNotOwned: '视频不是你上传的视频，请重新上传',
  videoTooBig: (maxMb: number) => `视频不能超过 ${maxMb} MB`,
  videoTooLong: (maxSeconds: number) => `视频不能超过 ${maxSeconds} 秒`,
  videoUnreadable: '无法读取这个视频，请换一个视频',
  productUnknown: (spuId: number) => `商品 ${spuId} 不存在`,
  contentNotFound: '内容不存在',
  alreadyDecided: (state: string) => `该内容已审核：${state}`,
} as const;
