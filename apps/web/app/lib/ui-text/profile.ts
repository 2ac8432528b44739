/** The own-profile page (issue 31 point 5): labels the spec does not write, in Chinese. */
export const PROFILE_TEXT = {
  title: '编辑资料',
  /** The entry on one's own home. */
  edit: '编辑资料',
  lead: '这些资料只用于创作者的粉丝画像统计，不会公开展示；每一项都可以不填。',
  gender: '性别',
  genders: { male: '男', female: '女', none: '不透露' },
  birthYear: '出生年份',
  region: '所在地区',
  choose: '不透露',
  yearOption: (year: number) => `${year} 年`,
  regionsLoading: '地区列表加载中…',
  regionsFailed: '地区列表加载失败',
  retry: '重试',
  save: '保存',
  saving: '保存中…',
  saved: '已保存',
} as const;
