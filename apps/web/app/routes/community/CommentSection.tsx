// Issue 6 (comments): filled in by its owner. The detail page renders it under the content.
export interface CommentSectionProps {
  contentId: number;
  /** How many replies the content has, for the heading before the list loads. */
  replyCount: number;
}

/** The comment list (paged, nested child replies, [name] emoji) and the composer. */
export function CommentSection(_props: CommentSectionProps) {
  return null;
}
