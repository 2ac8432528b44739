// Content types and categories (spec §3).

/** Content types (spec §3). */
export const CONTENT_TYPE = {
  PicText: 0,
  Video: 1,
  NoPic: 2,
  RichText: 3,
} as const;
/** A content type value. */
export type ContentType = (typeof CONTENT_TYPE)[keyof typeof CONTENT_TYPE];

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

/** A product card's isCollection of 1 means the user already wants the item (spec §3). */
export const PRODUCT_WANTED = 1;
