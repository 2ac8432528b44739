import { type ReactNode, useCallback, useState } from 'react';
import { CONFIRM_TEXT } from '../../lib/ui-text/confirm';
import { ConfirmDialog } from '../ConfirmDialog';

/**
 * A follow button's tap with a second thought before unfollowing (issue 28 point 13): following
 * is one tap, unfollowing asks first (不再关注「name」？). `dialog` goes next to the button.
 */
export function useUnfollowConfirm(
  follow: { isFollowing: boolean; toggle: () => void },
  name?: string,
): { tap: () => void; dialog: ReactNode } {
  const [asking, setAsking] = useState(false);
  const { isFollowing, toggle } = follow;
  const tap = useCallback(() => {
    if (isFollowing) setAsking(true);
    else toggle();
  }, [isFollowing, toggle]);
  const cancel = useCallback(() => setAsking(false), []);
  const dialog = asking ? (
    <ConfirmDialog
      title={name ? CONFIRM_TEXT.unfollowTitle(name) : CONFIRM_TEXT.unfollowTitleAnonymous}
      hint={CONFIRM_TEXT.unfollowHint}
      confirmLabel={CONFIRM_TEXT.unfollow}
      onConfirm={() => {
        setAsking(false);
        toggle();
      }}
      onCancel={cancel}
      testId="unfollow-dialog"
    />
  ) : null;
  return { tap, dialog };
}
