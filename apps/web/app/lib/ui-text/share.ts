/**
 * Share labels the specification does not write: apart from the social texts, because the share
 * button is on the content detail, whose first load should not carry the community screens' labels.
 */
export const SHARE_TEXT = {
  share: '分享',
  /** The share code could not be loaded (offline, a new deploy). */
  shareUnavailable: '分享暂不可用，请稍后重试',
  /** Share text when a page has no description of its own. */
  shareContent: '来社区看看',
  userShareTitle: (name: string) => `${name}的主页`,
} as const;
