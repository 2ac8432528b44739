import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { emptySchema, pageOf, pageQuerySchema } from '../../shared';
import { feedCardSchema } from '../content/details';

const domain = 'search';

/** Longest keyword a search takes (characters, after trimming). */
export const SEARCH_KEYWORD_MAX = 30;
/** Most suggestions while typing. */
export const SEARCH_SUGGEST_MAX = 8;
/** Most recent searches kept per user (server) or browser (visitor). */
export const SEARCH_RECENTS_MAX = 10;

/** A search keyword: trimmed, 1 to 30 characters. */
export const searchKeywordSchema = z
  .string()
  .trim()
  .min(1, '请输入搜索词')
  .max(SEARCH_KEYWORD_MAX, `搜索词最多 ${SEARCH_KEYWORD_MAX} 个字`);

/** The result tabs of the search page, one call each. */
export const SEARCH_TABS = ['content', 'user', 'topic', 'product'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

const searchQuerySchema = z.object({ keyword: searchKeywordSchema, ...pageQuerySchema.shape });

/** A user found by nickname, with their followers (the rank after the match). */
export const searchUserSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  avatar: z.string(),
  followerCount: z.number().int().nonnegative(),
});
export type SearchUser = z.infer<typeof searchUserSchema>;

/**
 * A topic found by name: a content category (`tagId`, spec §3, opens the topic page) or a
 * hashtag of published contents (`#七夕`, `tagId` null).
 */
export const searchTopicSchema = z.object({
  kind: z.enum(['category', 'hashtag']),
  tagId: z.number().int().nullable(),
  name: z.string(),
  contentCount: z.number().int().nonnegative(),
});
export type SearchTopic = z.infer<typeof searchTopicSchema>;

/** A product found by title. */
export const searchProductSchema = z.object({
  spuId: z.number().int(),
  title: z.string(),
  logoUrl: z.string(),
  /** In fen. */
  price: z.number().int(),
});
export type SearchProduct = z.infer<typeof searchProductSchema>;

/** One suggestion while typing: a content title, a topic or a user, searched as `text`. */
export const searchSuggestionSchema = z.object({
  kind: z.enum(['content', 'topic', 'user']),
  text: z.string(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

/** Search (issue 32 point 2): one call per result tab, suggestions, a signed-in user's recents. */
export const search = {
  /**
   * Visible contents whose title or body holds the keyword: the 100 hottest matches first, then
   * the others; within each, title matches first (exact, prefix, inside), then lights.
   * Offset-paged (`lastId` is the next offset). A signed-in caller's first page of any tab records
   * the keyword in their recent searches.
   */
  searchContents: endpoint({
    domain,
    method: 'GET',
    path: '/sns-search/v1/common/h5/search/contents',
    auth: 'common',
    request: searchQuerySchema,
    response: pageOf(feedCardSchema),
  }),
  /** Users by nickname: exact, prefix, inside; then followers. */
  searchUsers: endpoint({
    domain,
    method: 'GET',
    path: '/sns-search/v1/common/h5/search/users',
    auth: 'common',
    request: searchQuerySchema,
    response: pageOf(searchUserSchema),
  }),
  /** Content categories and hashtag topics by name; then how many visible contents they have. */
  searchTopics: endpoint({
    domain,
    method: 'GET',
    path: '/sns-search/v1/common/h5/search/topics',
    auth: 'common',
    request: searchQuerySchema,
    response: pageOf(searchTopicSchema),
  }),
  /** Products by title: exact, prefix, inside; then the newest spu. */
  searchProducts: endpoint({
    domain,
    method: 'GET',
    path: '/sns-search/v1/common/h5/search/products',
    auth: 'common',
    request: searchQuerySchema,
    response: pageOf(searchProductSchema),
  }),
  /** Up to 8 suggestions for what is typed: topics, users and content titles that start with or hold it. */
  searchSuggest: endpoint({
    domain,
    method: 'GET',
    path: '/sns-search/v1/common/h5/search/suggest',
    auth: 'common',
    visitorCache: true,
    request: z.object({ keyword: searchKeywordSchema }),
    response: z.object({ list: z.array(searchSuggestionSchema) }),
  }),
  /** The caller's recent searches, newest first (at most 10). */
  searchRecents: endpoint({
    domain,
    method: 'GET',
    path: '/sns-search/v1/h5/search/recents',
    auth: 'login',
    request: emptySchema,
    response: z.object({ list: z.array(z.string()) }),
  }),
  /** Forgets all of the caller's recent searches. */
  searchRecentsClear: endpoint({
    domain,
    method: 'POST',
    path: '/sns-search/v1/h5/search/recents/clear',
    auth: 'login',
    request: emptySchema,
    response: emptySchema,
  }),
} as const;
