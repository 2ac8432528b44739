import type { ReplyPage } from '@h5/contract';

/** Top-level comments per page: the detail's loader prefetches the first (comment-list.ts pages on). */
export const COMMENT_PAGE_SIZE = 20;

/** What the content detail's loader hands the comment section: the first page, or null to load it in the browser. */
export interface DetailRepliesData {
  replies?: ReplyPage | null;
}
