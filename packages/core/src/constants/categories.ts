// Content categories (spec §3) and the names they show as topics. Apart from content.ts, which
// every page's shell bundles: only the server and the topic page use these.

/** Content categories (spec §3). */
export const CONTENT_CATEGORY = {
  HotRecommend: 0,
  PlatformRules: 6,
  OperationalSkills: 7,
  PlatformGameplay: 8,
  VideoArea: 9,
  CategoryAdvancement: 10,
  CreativeRealization: 11,
  LiveSkills: 12,
} as const;
/** A content category value. */
export type ContentCategory = (typeof CONTENT_CATEGORY)[keyof typeof CONTENT_CATEGORY];

/** The name a category shows as a topic (tag): the topic page's title and evaluation top detail. */
export const CONTENT_CATEGORY_NAMES: Readonly<Record<number, string>> = {
  [CONTENT_CATEGORY.HotRecommend]: '热门推荐',
  [CONTENT_CATEGORY.PlatformRules]: '平台规则',
  [CONTENT_CATEGORY.OperationalSkills]: '运营技巧',
  [CONTENT_CATEGORY.PlatformGameplay]: '平台玩法',
  [CONTENT_CATEGORY.VideoArea]: '视频专区',
  [CONTENT_CATEGORY.CategoryAdvancement]: '品类进阶',
  [CONTENT_CATEGORY.CreativeRealization]: '创作变现',
  [CONTENT_CATEGORY.LiveSkills]: '直播技巧',
};
