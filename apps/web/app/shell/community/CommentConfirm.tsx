import { COMMENT_TEXT } from '../../lib/ui-text/comments';
import { ConfirmDialog } from '../ConfirmDialog';

/** The delete confirmation: the one confirm dialog; Escape or 取消 cancels. */
export function CommentConfirm({
  withChildren,
  onConfirm,
  onCancel,
}: {
  /** A top-level comment with replies: say they go too. */
  withChildren: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={COMMENT_TEXT.deleteConfirm}
      hint={withChildren ? COMMENT_TEXT.deleteHint : undefined}
      confirmLabel={COMMENT_TEXT.delete}
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="comment-delete-dialog"
      confirmTestId="comment-delete-confirm"
    />
  );
}
