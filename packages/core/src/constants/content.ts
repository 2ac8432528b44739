// Content types (spec §3) and the product card flag.

/** Content types (spec §3). */
export const CONTENT_TYPE = {
  PicText: 0,
  Video: 1,
  NoPic: 2,
  RichText: 3,
} as const;
/** A content type value. */
export type ContentType = (typeof CONTENT_TYPE)[keyof typeof CONTENT_TYPE];

/** A product card's isCollection of 1 means the user already wants the item (spec §3). */
export const PRODUCT_WANTED = 1;
