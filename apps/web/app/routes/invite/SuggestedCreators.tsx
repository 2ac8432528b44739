import type { SuggestedCreator } from '@h5/contract';
import { optimiseImageUrl, USER_DETAIL_JUMP } from '@h5/core';
import { useEffect } from 'react';
import { TASKS_TEXT as text } from '../../lib/ui-text/invite-tasks';
import { useLowDevice } from '../../lib/use-low-device';
import { useFollow } from '../../shell/community/use-follow';
import { JumpLink } from '../../shell/JumpLink';
import styles from './tasks.module.css';

const AVATAR_WIDTH = 96;

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
    <section
      className={styles.card}
      id="creators"
      aria-labelledby="creators-title"
      data-testid="suggested-creators"
    >
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle} id="creators-title">
          {text.creatorsTitle}
        </h2>
        <span className={styles.note}>{text.creatorsNote}</span>
      </div>
      {creators.length === 0 ? (
        <p className={styles.note}>{text.creatorsEmpty}</p>
      ) : (
        <ul className={styles.creators}>
          {creators.map((c) => (
            <CreatorRow key={c.userId} creator={c} onFollowChange={onFollowChange} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CreatorRow({
  creator,
  onFollowChange,
}: {
  creator: SuggestedCreator;
  onFollowChange: (userId: number, following: boolean) => void;
}) {
  const lowDevice = useLowDevice();
  const follow = useFollow(creator.userId, { isFollowing: false, followerCount: creator.followerCount });
  useEffect(() => {
    onFollowChange(creator.userId, follow.isFollowing);
  }, [creator.userId, follow.isFollowing, onFollowChange]);
  return (
    <li className={styles.creator} data-testid="suggested-creator" data-user-id={creator.userId}>
      <JumpLink jump={USER_DETAIL_JUMP} params={{ userId: creator.userId }} className={styles.creatorLink}>
        <img
          className={styles.avatar}
          src={optimiseImageUrl(creator.avatar, { width: AVATAR_WIDTH, lowDevice })}
          width={44}
          height={44}
          alt=""
          loading="lazy"
        />
        <span className={styles.who}>
          <span className={styles.name}>{creator.userName}</span>
          <span className={styles.note}>
            {text.creatorMeta(follow.followerCount ?? creator.followerCount, creator.contentCount)}
          </span>
        </span>
      </JumpLink>
      <button
        type="button"
        className={follow.isFollowing ? styles.followed : styles.follow}
        aria-pressed={follow.isFollowing}
        onClick={follow.toggle}
        data-testid="suggested-follow"
      >
        {follow.isFollowing ? text.following : text.follow}
      </button>
    </li>
  );
}
