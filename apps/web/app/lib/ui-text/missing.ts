/**
 * What a missing thing's page says (issue 28 point 5: a deleted post says so, not 暂无内容); only
 * the loaders (server) and the lazily loaded placeholder block read it, never first-load JS.
 */
export const MISSING_TEXT = {
  content: '内容不存在或已被删除',
  user: '用户不存在或已注销',
} as const;

export type MissingKind = keyof typeof MISSING_TEXT;
