import {
  type FeedCard,
  SEARCH_KEYWORD_MAX,
  SEARCH_TABS,
  type SearchProduct,
  type SearchSuggestion,
  type SearchTab,
  type SearchTopic,
  type SearchUser,
} from '@h5/contract';
import { formatCount, optimiseImageUrl } from '@h5/core';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type InfiniteList, useInfinite } from '../../lib/data-layer/use-infinite';
import { useRootData } from '../../lib/root-data';
import { PRODUCT_TEXT } from '../../lib/ui-text/product';
import { SEARCH_TEXT } from '../../lib/ui-text/search';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { BackButton } from '../../shell/BackButton';
import { FeedGrid } from '../../shell/feed/FeedGrid';
import { FeedSkeleton } from '../../shell/feed/FeedSkeleton';
import layout from '../../shell/list-page.module.css';
import { PagedListView } from '../../shell/PagedListView';
import { addLocalRecent, clearLocalRecents, readLocalRecents, splitMarks } from './local-recents';
import styles from './search.module.css';

const PAGE_SIZE = 20;
/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 250;

export const meta = () => [{ title: `${SEARCH_TEXT.title} · ${SHELL_TEXT.siteTitle}` }];

const tabOf = (raw: string | null): SearchTab =>
  (SEARCH_TABS as readonly string[]).includes(raw ?? '') ? (raw as SearchTab) : 'content';

/** The URL of a search: the keyword and the tab, so back and a shared link come to the same results. */
const searchUrl = (keyword: string, tab: SearchTab) => `/search?${new URLSearchParams({ q: keyword, tab })}`;

/**
 * Search (issue 32 point 2): a box with suggestions while typing, recent searches before one,
 * and the results by tab (内容 / 用户 / 话题 / 商品), paged as the reader scrolls. The keyword and
 * tab are in the URL (`/search?q=复古&tab=content`); each tab's pages stay cached, so back from a
 * result shows them again where they were.
 */
export default function Search() {
  const [params] = useSearchParams();
  const keyword = (params.get('q') ?? '').trim().slice(0, SEARCH_KEYWORD_MAX);
  const tab = tabOf(params.get('tab'));
  const navigate = useNavigate();
  const signedIn = Boolean(useRootData()?.viewer);
  const [draft, setDraft] = useState(keyword);
  const [typing, setTyping] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // A fresh search page (no keyword yet) is for typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (!keyword) input.current?.focus();
  }, []);
  // A new URL (back, a recent, a suggestion) puts its keyword in the box.
  useEffect(() => {
    setDraft(keyword);
    setTyping(false);
  }, [keyword]);

  const go = (next: string, nextTab: SearchTab = tab) => {
    const trimmed = next.trim().slice(0, SEARCH_KEYWORD_MAX);
    if (!trimmed) return;
    if (!signedIn) addLocalRecent(trimmed);
    setTyping(false);
    navigate(searchUrl(trimmed, nextTab), { replace: trimmed === keyword });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(draft);
  };

  const showSuggestions = typing && draft.trim() !== '' && draft.trim() !== keyword;
  return (
    <div className={layout.screen} data-testid="search">
      <header className={styles.bar}>
        <BackButton fallback="/" />
        <search className={styles.search}>
          <form className={styles.form} onSubmit={onSubmit} aria-label={SEARCH_TEXT.title}>
            <label htmlFor="search-input" className="visually-hidden">
              {SEARCH_TEXT.label}
            </label>
            <input
              id="search-input"
              className={styles.input}
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={SEARCH_KEYWORD_MAX}
              placeholder={SEARCH_TEXT.placeholder}
              value={draft}
              ref={input}
              onChange={(event) => {
                setDraft(event.target.value);
                setTyping(true);
              }}
              data-testid="search-input"
            />
            <button type="submit" className={styles.submit} data-testid="search-submit">
              {SEARCH_TEXT.submit}
            </button>
          </form>
        </search>
      </header>
      <main className={layout.main}>
        {showSuggestions ? (
          <Suggestions draft={draft.trim()} onPick={(text) => go(text)} />
        ) : keyword ? (
          <Results keyword={keyword} tab={tab} />
        ) : (
          <Recents signedIn={signedIn} onPick={(text) => go(text)} />
        )}
      </main>
    </div>
  );
}

/** `text` with the keyword's words in <mark>. */
function Marked({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {splitMarks(text, keyword).map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <mark key={i} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** Suggestions for what is being typed, asked for once typing pauses. */
function Suggestions({ draft, onPick }: { draft: string; onPick: (text: string) => void }) {
  const api = useApi();
  const [list, setList] = useState<SearchSuggestion[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      api('search.searchSuggest', { keyword: draft }, { errorToast: false })
        .then((data) => {
          if (live) setList(data.list);
        })
        .catch(() => {
          if (live) setList([]);
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, draft]);
  if (list.length === 0) return null;
  return (
    <ul className={styles.suggestions} aria-label={SEARCH_TEXT.suggestions} data-testid="search-suggestions">
      {list.map((item) => (
        <li key={`${item.kind}:${item.text}`}>
          <button
            type="button"
            className={styles.suggestion}
            onClick={() => onPick(item.text)}
            data-testid="search-suggestion"
          >
            <span className={styles.kind}>{SEARCH_TEXT.suggestKind[item.kind]}</span>
            <span className={styles.suggestionText}>
              <Marked text={item.text} keyword={draft} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Recent searches: the signed-in user's from the server, a visitor's from this browser. */
function Recents({ signedIn, onPick }: { signedIn: boolean; onPick: (text: string) => void }) {
  const api = useApi();
  const [list, setList] = useState<string[] | null>(null);
  useEffect(() => {
    if (!signedIn) {
      setList(readLocalRecents());
      return;
    }
    let live = true;
    api('search.searchRecents', {}, { errorToast: false })
      .then((data) => live && setList(data.list))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [api, signedIn]);
  const clear = () => {
    setList([]);
    if (signedIn) void api('search.searchRecentsClear', {}).catch(() => undefined);
    else clearLocalRecents();
  };
  if (list === null) return null;
  return (
    <section className={styles.recents} aria-labelledby="search-recents" data-testid="search-recents">
      <div className={styles.recentsHead}>
        <h2 id="search-recents" className={styles.recentsTitle}>
          {SEARCH_TEXT.recents}
        </h2>
        {list.length > 0 ? (
          <button type="button" className={styles.clear} onClick={clear} data-testid="search-recents-clear">
            {SEARCH_TEXT.clearRecents}
          </button>
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className={styles.none}>{SEARCH_TEXT.noRecents}</p>
      ) : (
        <ul className={styles.chips}>
          {list.map((keyword) => (
            <li key={keyword}>
              <button
                type="button"
                className={styles.chip}
                onClick={() => onPick(keyword)}
                data-testid="search-recent"
              >
                {keyword}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The result tabs (a tab replaces the history entry) and the current tab's list. */
function Results({ keyword, tab }: { keyword: string; tab: SearchTab }) {
  return (
    <>
      <nav className={styles.tabs} aria-label={SEARCH_TEXT.tabs}>
        {SEARCH_TABS.map((id) => (
          <Link
            key={id}
            to={searchUrl(keyword, id)}
            replace
            className={styles.tab}
            aria-current={id === tab ? 'page' : undefined}
            data-testid={`search-tab-${id}`}
          >
            {SEARCH_TEXT.tab[id]}
          </Link>
        ))}
      </nav>
      {tab === 'content' ? <ContentResults key={keyword} keyword={keyword} /> : null}
      {tab === 'user' ? <UserResults key={keyword} keyword={keyword} /> : null}
      {tab === 'topic' ? <TopicResults key={keyword} keyword={keyword} /> : null}
      {tab === 'product' ? <ProductResults key={keyword} keyword={keyword} /> : null}
    </>
  );
}

/** A tab's list with its count read out, its skeleton and an empty state that offers 搜索反馈. */
function ResultList<T>({
  keyword,
  list,
  skeleton,
  children,
}: {
  keyword: string;
  list: InfiniteList<T>;
  skeleton?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { state } = list;
  const countId = useId();
  const announce =
    state.loading === 'first'
      ? SEARCH_TEXT.searching
      : state.items.length === 0
        ? state.failed
          ? ''
          : SEARCH_TEXT.empty(keyword)
        : SEARCH_TEXT.found(state.items.length, state.hasMore);
  return (
    <>
      <p id={countId} className="visually-hidden" aria-live="polite" data-testid="search-count">
        {announce}
      </p>
      <PagedListView
        list={list}
        skeleton={skeleton}
        emptyText={SEARCH_TEXT.empty(keyword)}
        emptyAction={{
          label: SEARCH_TEXT.feedback,
          to: `/feedback/search-idea?${new URLSearchParams({ keyword })}`,
          testId: 'search-feedback',
        }}
      >
        {children}
      </PagedListView>
    </>
  );
}

const contentId = (card: FeedCard) => card.contentId;

function ContentResults({ keyword }: { keyword: string }) {
  const list = useInfinite('search.searchContents', { keyword, limit: PAGE_SIZE }, null, contentId);
  return (
    <ResultList keyword={keyword} list={list} skeleton={<FeedSkeleton />}>
      {(cards) => <FeedGrid cards={cards} mark={(title) => <Marked text={title} keyword={keyword} />} />}
    </ResultList>
  );
}

/** One row of the user, topic and product tabs: a leading picture or mark, the marked name, a meta line. */
function ResultRow({
  to,
  testId,
  leading,
  name,
  keyword,
  meta,
}: {
  to: string;
  testId: string;
  leading: ReactNode;
  name: string;
  keyword: string;
  meta: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={styles.row} data-testid={testId}>
        {leading}
        <span className={styles.rowMain}>
          <span className={styles.rowTitle}>
            <Marked text={name} keyword={keyword} />
          </span>
          {meta}
        </span>
      </Link>
    </li>
  );
}

const userId = (user: SearchUser) => user.userId;

function UserResults({ keyword }: { keyword: string }) {
  const list = useInfinite('search.searchUsers', { keyword, limit: PAGE_SIZE }, null, userId);
  return (
    <ResultList keyword={keyword} list={list}>
      {(users) => (
        <ul className={styles.rows}>
          {users.map((user) => (
            <ResultRow
              key={user.userId}
              to={`/community/user?userId=${user.userId}`}
              testId="search-user"
              leading={
                <img
                  className={styles.avatar}
                  src={optimiseImageUrl(user.avatar, { width: 96 })}
                  width={44}
                  height={44}
                  alt=""
                />
              }
              name={user.userName}
              keyword={keyword}
              meta={
                <span className={styles.rowMeta}>
                  {SEARCH_TEXT.followers(formatCount(user.followerCount))}
                </span>
              }
            />
          ))}
        </ul>
      )}
    </ResultList>
  );
}

const topicId = (topic: SearchTopic) => `${topic.kind}:${topic.tagId ?? topic.name}`;

function TopicResults({ keyword }: { keyword: string }) {
  const list = useInfinite('search.searchTopics', { keyword, limit: PAGE_SIZE }, null, topicId);
  return (
    <ResultList keyword={keyword} list={list}>
      {(topics) => (
        <ul className={styles.rows}>
          {topics.map((topic) => (
            <ResultRow
              key={topicId(topic)}
              // A category has its topic page; a hashtag's contents are a search for its name.
              to={
                topic.tagId !== null
                  ? `/community/topic?tagId=${topic.tagId}`
                  : searchUrl(topic.name, 'content')
              }
              testId="search-topic"
              leading={
                <span className={styles.hash} aria-hidden="true">
                  #
                </span>
              }
              name={topic.name}
              keyword={keyword}
              meta={
                <span className={styles.rowMeta}>
                  {topic.kind === 'category' ? SEARCH_TEXT.category : SEARCH_TEXT.hashtag} ·{' '}
                  {SEARCH_TEXT.contents(formatCount(topic.contentCount))}
                </span>
              }
            />
          ))}
        </ul>
      )}
    </ResultList>
  );
}

const spuId = (product: SearchProduct) => product.spuId;

function ProductResults({ keyword }: { keyword: string }) {
  const list = useInfinite('search.searchProducts', { keyword, limit: PAGE_SIZE }, null, spuId);
  return (
    <ResultList keyword={keyword} list={list}>
      {(products) => (
        <ul className={styles.rows}>
          {products.map((product) => (
            <ResultRow
              key={product.spuId}
              to={`/community/new-commodity?spuId=${product.spuId}`}
              testId="search-product"
              leading={
                <img
                  className={styles.logo}
                  src={optimiseImageUrl(product.logoUrl, { width: 128 })}
                  width={56}
                  height={56}
                  alt=""
                />
              }
              name={product.title}
              keyword={keyword}
              meta={<span className={styles.price}>{PRODUCT_TEXT.price(product.price)}</span>}
            />
          ))}
        </ul>
      )}
    </ResultList>
  );
}
