/** The docs page that lists each unread constant with its reason. */
export const DOCS_PAGE: string;
/** One exported constant of packages/core/src/constants and the first live place that reads it. */
export interface ConstantReader {
  name: string;
  file: string;
  /** `file: declaration` (or a file of apps/), null when product code never reads it. */
  readBy: string | null;
}
/** Reads product code and answers, for each exported constant, its first live reader. */
export function constantReaders(): ConstantReader[];
/** Constant names listed in the docs page's list. */
export function documentedUnread(): Set<string>;
/** Unread constants without a docs line, and documented constants that are read now. */
export function checkConstants(
  readers?: ConstantReader[],
  documented?: Set<string>,
): { undocumented: string[]; stale: string[] };
