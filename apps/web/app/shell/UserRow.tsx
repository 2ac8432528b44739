import { optimiseImageUrl, USER_DETAIL_JUMP } from '@h5/core';
import type { ReactNode } from 'react';
import { useLowDeviceAtMount } from '../lib/use-low-device';
import { JumpLink } from './JumpLink';
import styles from './screen.module.css';

/** 44 CSS px drawn: 96 device pixels covers a 2× screen. */
const AVATAR_WIDTH = 96;

/**
 * A user in a list (my followings, creators to follow): the avatar and the name, linking to their
 * home (the app's user screen in the app), a line under the name, and a button if any.
 */
export function UserRow({
  user,
  detail,
  testId,
  linkTestId,
  children,
}: {
  user: { userId: number; userName: string; avatar: string };
  /** The line under the name (counts, when followed). */
  detail: ReactNode;
  testId?: string;
  linkTestId?: string;
  /** On the right (a follow button). */
  children?: ReactNode;
}) {
  const lowDevice = useLowDeviceAtMount();
  return (
    <li className={styles.row} data-testid={testId} data-user-id={user.userId}>
      <JumpLink
        jump={USER_DETAIL_JUMP}
        params={{ userId: user.userId }}
        className={styles.rowLink}
        data-testid={linkTestId}
      >
        <img
          className={styles.avatar}
          src={optimiseImageUrl(user.avatar, { width: AVATAR_WIDTH, lowDevice })}
          width={44}
          height={44}
          alt=""
          loading="lazy"
        />
        <span className={styles.rowText}>
          <span className={styles.rowName}>{user.userName}</span>
          <span className={styles.note}>{detail}</span>
        </span>
      </JumpLink>
      {children}
    </li>
  );
}
