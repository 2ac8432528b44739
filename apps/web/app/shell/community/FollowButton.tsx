import { useEffect, useState } from 'react';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useFollow } from './use-follow';
import { useUnfollowConfirm } from './use-unfollow-confirm';

/**
 * Follow by a content's author (issue 14 point 5), the same state as the user home's button. It
 * loads in a chunk of its own (the detail's first-load JS budget); its look is `h5-follow` in
 * the detail's stylesheet (detail-media.css), so the server's button is styled before it arrives.
 */
export function FollowButton({
  userId,
  isFollowing,
  userName,
}: {
  userId: number;
  isFollowing: boolean;
  userName?: string;
}) {
  const follow = useFollow(userId, { isFollowing });
  const unfollow = useUnfollowConfirm(follow, userName);
  // Its chunk hydrates after the page: the button says when it answers taps.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <>
      <button
        type="button"
        className="h5-follow"
        aria-pressed={follow.isFollowing}
        onClick={unfollow.tap}
        data-testid="detail-follow"
        data-ready={ready}
      >
        {follow.isFollowing ? SOCIAL_TEXT.following : SOCIAL_TEXT.follow}
      </button>
      {unfollow.dialog}
    </>
  );
}
