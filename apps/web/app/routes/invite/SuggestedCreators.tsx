import type { SuggestedCreator } from '@h5/contract';
import { useEffect } from 'react';
import { TASKS_TEXT as text } from '../../lib/ui-text/invite-tasks';
import { useFollow } from '../../shell/community/use-follow';
import { SectionCard } from '../../shell/SectionCard';
import styles from '../../shell/screen.module.css';
import { UserRow } from '../../shell/UserRow';

/**
 * The follow task's creator list: creators the user does not follow yet, each with a follow
 * button on the one toggle queue (the same state as the user home and the detail); every change
 * is reported, so the task's progress moves at once.
 */
export function SuggestedCreators({
  creators,
  onFollowChange,
}: {
  creators: readonly SuggestedCreator[];
  onFollowChange: (userId: number, following: boolean) => void;
}) {
  return (
    <SectionCard
      title={text.creatorsTitle}
      note={text.creatorsNote}
      id="creators"
      testId="suggested-creators"
    >
      {creators.length === 0 ? (
        <p className={styles.note}>{text.creatorsEmpty}</p>
      ) : (
        <ul className={styles.rows}>
          {creators.map((c) => (
            <CreatorRow key={c.userId} creator={c} onFollowChange={onFollowChange} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function CreatorRow({
  creator,
  onFollowChange,
}: {
  creator: SuggestedCreator;
  onFollowChange: (userId: number, following: boolean) => void;
}) {
  const follow = useFollow(creator.userId, { isFollowing: false, followerCount: creator.followerCount });
  useEffect(() => {
    onFollowChange(creator.userId, follow.isFollowing);
  }, [creator.userId, follow.isFollowing, onFollowChange]);
  return (
    <UserRow
      user={creator}
      detail={text.creatorMeta(follow.followerCount ?? creator.followerCount, creator.contentCount)}
      testId="suggested-creator"
    >
      <button
        type="button"
        className={follow.isFollowing ? `${styles.action} ${styles.actionMuted}` : styles.action}
        aria-pressed={follow.isFollowing}
        onClick={follow.toggle}
        data-testid="suggested-follow"
      >
        {follow.isFollowing ? text.following : text.follow}
      </button>
    </UserRow>
  );
}
