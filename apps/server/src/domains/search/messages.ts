/** The search domain's refusals (docs/api.md); the keyword's own are the contract's. */
export const SEARCH_MESSAGES = {
  /** A `lastId` this server never issued (search pages by offset). */
  badPage: '翻页位置无效',
} as const;
