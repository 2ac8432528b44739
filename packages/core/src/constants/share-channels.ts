// Native share channel ids (spec §9).

/** Native share channel ids (spec §9). copyUrl/copyLink and wechatMoment/friends share an id. */
export const SHARE_CHANNELS = {
  qq: 4,
  weibo: 3,
  wechat: 1,
  wechatMoment: 2,
  copyUrl: 13,
  copyLink: 13,
  saveToAlbum: 12,
  friends: 2,
  privateLetter: 14,
} as const;
