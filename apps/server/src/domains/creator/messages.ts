import { CONTENT_MESSAGES } from '../content/messages';

/**
 * The creator domain's refusals (issue 15), shown to the user as the envelope's msg (the spec
 * writes no texts for them); listed in docs/api.md.
 */
export const CREATOR_MESSAGES = {
  contentNotFound: CONTENT_MESSAGES.notFound,
  /** content-detail of the data centre asked about another creator's content. */
  notYourContent: '只能查看自己内容的数据',
} as const;
