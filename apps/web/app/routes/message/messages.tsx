import { MESSAGE_KINDS, type MessageItem, type MessageKind, type UnreadCounts } from '@h5/contract';
import { optimiseImageUrl, USER_DETAIL_JUMP } from '@h5/core';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { invalidate, put } from '../../lib/data-layer/cache';
import { keyOf } from '../../lib/data-layer/entry';
import { useEntry } from '../../lib/data-layer/use-entry';
import { useInfinite } from '../../lib/data-layer/use-infinite';
import { formatTime } from '../../lib/format-time';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { MESSAGE_TEXT } from '../../lib/ui-text/messages';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { useLowDevice } from '../../lib/use-low-device';
import { useNow } from '../../lib/use-now';
import { CommentText } from '../../shell/community/CommentText';
import { JumpLink } from '../../shell/JumpLink';
import { PagedListView } from '../../shell/PagedListView';
import { Screen } from '../../shell/Screen';
import screen from '../../shell/screen.module.css';
import type { Route } from './+types/messages';
import styles from './messages.module.css';

const PAGE_SIZE = 20;
const TAB_PARAM = 'tab';

export const meta: Route.MetaFunction = () => [{ title: `${MESSAGE_TEXT.title} · ${SHELL_TEXT.siteTitle}` }];

const kindOf = (value: string | null): MessageKind =>
  (MESSAGE_KINDS as readonly string[]).includes(value ?? '') ? (value as MessageKind) : 'reply';

/** Login only: a visitor goes to the login first; the counts come with the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const counts = await gatedPrefetch(request, context, 'message.unreadCounts', {});
  return { counts: counts.data };
}

const messageId = (item: MessageItem) => item.messageId;
const NO_EMOJIS: ReadonlyMap<string, string> = new Map();

/**
 * 消息 (issue 32 point 3): tabs 评论 / 点亮 / 关注 / 通知 with their unread counts, and the tab's
 * messages newest first, infinite, pull to refresh. A tab's messages show as unread once; when
 * its first page is on screen the tab is marked read (its badge goes, the items keep their dots
 * until the next visit).
 */
export default function Messages({ loaderData }: Route.ComponentProps) {
  const [search, setSearch] = useSearchParams();
  const kind = kindOf(search.get(TAB_PARAM));
  const [counts] = useEntry('message.unreadCounts', {}, loaderData.counts);
  const shown: UnreadCounts | null = counts.status === 'ready' ? counts.data : null;
  return (
    <Screen
      title={MESSAGE_TEXT.title}
      testId="messages"
      onRefresh={() => {
        invalidate('message.list');
        invalidate('message.unreadCounts');
      }}
    >
      <nav className={styles.tabs} aria-label={MESSAGE_TEXT.tabs}>
        {MESSAGE_KINDS.map((tab) => {
          const unread = shown?.[tab] ?? 0;
          return (
            <button
              key={tab}
              type="button"
              className={styles.tab}
              aria-current={tab === kind ? 'page' : undefined}
              data-testid={`messages-tab-${tab}`}
              onClick={() => setSearch({ [TAB_PARAM]: tab }, { replace: true, preventScrollReset: true })}
            >
              {MESSAGE_TEXT.tab[tab]}
              {unread > 0 ? (
                <span className={styles.badge} data-testid={`messages-badge-${tab}`}>
                  {MESSAGE_TEXT.badge(unread)}
                </span>
              ) : null}
            </button>
          );
        })}
      </nav>
      <MessageList key={kind} kind={kind} />
    </Screen>
  );
}

/** One tab's list; marks the tab read once its first page is on screen. */
function MessageList({ kind }: { kind: MessageKind }) {
  const list = useInfinite('message.list', { kind, limit: PAGE_SIZE }, null, messageId);
  const emojis = useEmojiMapping();
  const now = useNow();
  const api = useApi();
  const marked = useRef(false);
  const unreadShown = list.state.items.some((item) => !item.read);
  useEffect(() => {
    if (marked.current || !unreadShown) return;
    marked.current = true;
    api('message.markRead', { kind }).then(
      (answer) => put(keyOf('message.unreadCounts', {}), { status: 'ready', data: answer.counts }),
      () => undefined,
    );
  }, [api, kind, unreadShown]);
  return (
    <PagedListView list={list} emptyText={MESSAGE_TEXT.empty[kind]}>
      {(items) => (
        <section className={screen.card}>
          <ul className={screen.rows} data-testid="messages-list">
            {items.map((item) => (
              <MessageRow key={item.messageId} item={item} now={now} emojis={emojis} />
            ))}
          </ul>
        </section>
      )}
    </PagedListView>
  );
}

/** The [name] → url mapping of the comments' emoji, for the answers' text (cached with the comments'). */
function useEmojiMapping(): ReadonlyMap<string, string> {
  const [emojiList] = useEntry('community.emojiList', {}, null, { errorToast: false });
  const list = emojiList.status === 'ready' ? emojiList.data.list : null;
  return useMemo(() => (list ? new Map(list.map((emoji) => [emoji.name, emoji.url])) : NO_EMOJIS), [list]);
}

/** 44 CSS px drawn: 96 device pixels covers a 2× screen. */
const AVATAR_WIDTH = 96;
/** 52 CSS px drawn: 128 device pixels covers a 2× screen (a width the CDN renders seeded photos at). */
const THUMB_WIDTH = 128;

/** A message: who (or 系统通知), what, when, the content's thumbnail; a tap opens the content or the user. */
function MessageRow({
  item,
  now,
  emojis,
}: {
  item: MessageItem;
  now: number;
  emojis: ReadonlyMap<string, string>;
}) {
  const lowDevice = useLowDevice();
  const what =
    item.kind === 'reply' ? (
      item.replyText === null ? (
        MESSAGE_TEXT.replyGone
      ) : (
        <CommentText text={item.replyText} mapping={emojis} />
      )
    ) : item.kind === 'light' ? (
      MESSAGE_TEXT.lit
    ) : item.kind === 'follow' ? (
      MESSAGE_TEXT.followed
    ) : (
      (item.text ?? '')
    );
  const body = (
    <>
      {item.actor ? (
        <img
          className={screen.avatar}
          src={optimiseImageUrl(item.actor.avatar, { width: AVATAR_WIDTH, lowDevice })}
          width={44}
          height={44}
          alt=""
          loading="lazy"
        />
      ) : (
        <span className={styles.systemAvatar} aria-hidden="true" />
      )}
      <span className={screen.rowText}>
        <span className={screen.rowName}>
          {item.actor?.userName ?? MESSAGE_TEXT.systemName}
          {item.kind === 'reply' ? <span className={styles.verb}>{MESSAGE_TEXT.replied}</span> : null}
        </span>
        <span className={styles.what}>{what}</span>
        <span className={screen.note}>{formatTime(item.createdAt, now)}</span>
      </span>
      {item.content?.cover ? (
        <img
          className={styles.thumb}
          src={optimiseImageUrl(item.content.cover.url, { width: THUMB_WIDTH, lowDevice })}
          width={52}
          height={52}
          alt=""
          loading="lazy"
        />
      ) : item.content ? (
        <span className={styles.thumbText}>{item.content.title}</span>
      ) : item.kind === 'reply' || item.kind === 'light' ? (
        <span className={styles.thumbText}>{MESSAGE_TEXT.contentGone}</span>
      ) : null}
    </>
  );
  const to =
    item.content !== null
      ? `/community/content/${item.content.contentId}`
      : item.kind === 'system'
        ? item.link
        : null;
  return (
    <li
      className={screen.row}
      data-testid="message"
      data-kind={item.kind}
      data-read={item.read ? 'true' : 'false'}
    >
      {!item.read ? <span className={styles.dot} role="img" aria-label={MESSAGE_TEXT.unread} /> : null}
      {item.kind === 'follow' && item.actor ? (
        <JumpLink
          jump={USER_DETAIL_JUMP}
          params={{ userId: item.actor.userId }}
          className={screen.rowLink}
          data-testid="message-link"
        >
          {body}
        </JumpLink>
      ) : to ? (
        <Link to={to} className={screen.rowLink} data-testid="message-link">
          {body}
        </Link>
      ) : (
        <span className={screen.rowLink}>{body}</span>
      )}
    </li>
  );
}
