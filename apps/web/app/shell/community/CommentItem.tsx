import type { Reply, TopReply } from '@h5/contract';
import { optimiseImageUrl, USER_DETAIL_JUMP } from '@h5/core';
import { Link } from 'react-router';
import { formatTime } from '../../lib/format-time';
import { COMMENT_TEXT } from '../../lib/ui-text/comments';
import { useLowDeviceAtMount } from '../../lib/use-low-device';
import { JumpLink } from '../JumpLink';
import styles from './Comment.module.css';
import { CommentText } from './CommentText';
import type { ChildPaging } from './comment-list';

const AVATAR_WIDTH = 72;

interface Actions {
  mapping: ReadonlyMap<string, string>;
  /** The content's author (楼主, from meme lzinfo): their comments carry the badge. */
  lzUserId: number | null;
  now: number;
  onReply: (reply: Reply) => void;
  onDelete: (reply: Reply) => void;
}

/** One comment: avatar, name, time, text, and its reply / delete actions. */
function CommentBody({
  reply,
  lzUserId,
  mapping,
  now,
  onReply,
  onDelete,
  small,
}: Actions & { reply: Reply; small: boolean }) {
  const size = small ? 24 : 36;
  const author = { userId: reply.author.userId };
  const lowDevice = useLowDeviceAtMount();
  return (
    <article className={styles.comment} data-testid="comment" data-reply-id={reply.replyId}>
      {/* The avatar repeats the name's link: one stop for keyboards and screen readers. */}
      <JumpLink
        jump={USER_DETAIL_JUMP}
        params={author}
        className={styles.avatarLink}
        tabIndex={-1}
        aria-hidden="true"
      >
        <img
          className={styles.avatar}
          src={optimiseImageUrl(reply.author.avatar, { width: AVATAR_WIDTH, lowDevice })}
          width={size}
          height={size}
          alt=""
          loading="lazy"
        />
      </JumpLink>
      <div className={styles.bodyColumn}>
        <header className={styles.meta}>
          <JumpLink
            jump={USER_DETAIL_JUMP}
            params={author}
            className={styles.name}
            data-testid="comment-author"
          >
            {reply.author.userName}
          </JumpLink>
          {reply.author.userId === lzUserId ? (
            <span className={styles.lz} data-testid="lz-badge">
              {COMMENT_TEXT.lz}
            </span>
          ) : null}
          {reply.replyToUser ? (
            <span className={styles.replyTo}>
              {COMMENT_TEXT.replyTo} <span className={styles.name}>{reply.replyToUser.userName}</span>
            </span>
          ) : null}
        </header>
        <p className={styles.text} data-testid="comment-text">
          <CommentText text={reply.content} mapping={mapping} />
        </p>
        <footer className={styles.actions}>
          <time dateTime={new Date(reply.createdAt).toISOString()}>{formatTime(reply.createdAt, now)}</time>
          <button
            type="button"
            className={styles.action}
            onClick={() => onReply(reply)}
            aria-label={`${COMMENT_TEXT.reply} ${reply.author.userName}`}
          >
            {COMMENT_TEXT.reply}
          </button>
          {reply.isSelf ? (
            <button
              type="button"
              className={styles.action}
              onClick={() => onDelete(reply)}
              data-testid="comment-delete"
            >
              {COMMENT_TEXT.delete}
            </button>
          ) : (
            // Issue 28 point 13: a comment can be reported (the report call's comment target).
            <Link
              className={styles.action}
              to={`/feedback/accuse?targetType=comment&targetId=${reply.replyId}&contentId=${reply.contentId}`}
              aria-label={`${COMMENT_TEXT.report} ${reply.author.userName}`}
              data-testid="comment-report"
            >
              {COMMENT_TEXT.report}
            </Link>
          )}
        </footer>
      </div>
    </article>
  );
}

/** A top-level comment with its nested children and the "查看全部 N 条回复" expander. */
export function CommentItem(
  props: Actions & { reply: TopReply; paging: ChildPaging | undefined; onExpand: (replyId: number) => void },
) {
  const { reply, paging, onExpand, ...actions } = props;
  const shown = reply.child.replyList.length;
  const hidden = reply.replyCount - shown;
  // Until expanded, the preview hides the rest; once expanded, pages continue while hasMore.
  const canExpand = paging ? paging.hasMore : hidden > 0;
  return (
    <li className={styles.item}>
      <CommentBody reply={reply} small={false} {...actions} />
      {shown > 0 || canExpand ? (
        <div className={styles.children}>
          {shown > 0 ? (
            <ul className={styles.childList}>
              {reply.child.replyList.map((child) => (
                <li key={child.replyId}>
                  <CommentBody reply={child} small {...actions} />
                </li>
              ))}
            </ul>
          ) : null}
          {canExpand ? (
            <button
              type="button"
              className={styles.expand}
              onClick={() => onExpand(reply.replyId)}
              disabled={paging?.loading === true}
              aria-busy={paging?.loading === true}
              data-testid="comment-expand"
            >
              {paging ? COMMENT_TEXT.showMore : COMMENT_TEXT.showAll(reply.replyCount)}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
