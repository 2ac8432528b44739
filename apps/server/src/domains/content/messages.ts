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
