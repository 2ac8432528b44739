import type { AccuseTargetType } from '@h5/contract';

// The contract's enum, without pulling zod into the page chunk (a type check keeps them equal).
const TARGET_TYPES = ['content', 'comment', 'user'] as const satisfies readonly AccuseTargetType[];

const NUMERIC_ID = /^\d{1,18}$/;

/** `?targetType=content&targetId=N` of the report page; null when either is missing or malformed. */
export function readAccuseTarget(
  params: URLSearchParams,
): { targetType: AccuseTargetType; targetId: string } | null {
  const type = TARGET_TYPES.find((option) => option === params.get('targetType'));
  const targetId = params.get('targetId') ?? '';
  return type && NUMERIC_ID.test(targetId) ? { targetType: type, targetId } : null;
}

/**
 * Where "back" goes after a report: the content's page, the user's home, the comment's content
 * (`?contentId=`, the comment's 举报 passes it), else home.
 */
export function backPathOf(
  target: { targetType: AccuseTargetType; targetId: string } | null,
  contentId: string | null = null,
): string {
  if (target?.targetType === 'content') return `/community/content/${target.targetId}`;
  if (target?.targetType === 'user') return `/community/user?userId=${target.targetId}`;
  if (target?.targetType === 'comment' && contentId && NUMERIC_ID.test(contentId))
    return `/community/content/${contentId}`;
  return '/';
}
