/** The search page's labels (issue 32 point 2); its own module so only /search ships them. */
export const SEARCH_TEXT = {
  title: '搜索',
  label: '搜索内容、用户、话题和商品',
  placeholder: '搜索内容、用户、话题、商品',
  submit: '搜索',
  clearInput: '清除输入',
  suggestions: '搜索建议',
  recents: '最近搜索',
  clearRecents: '清空',
  noRecents: '还没有搜索记录',
  tabs: '搜索结果分类',
  tab: { content: '内容', user: '用户', topic: '话题', product: '商品' },
  suggestKind: { content: '内容', topic: '话题', user: '用户' },
  /** Read out when a tab's first page arrives. */
  found: (count: number, more: boolean) => (more ? `已找到 ${count} 条以上结果` : `找到 ${count} 条结果`),
  searching: '正在搜索…',
  empty: (keyword: string) => `没有找到与“${keyword}”相关的结果`,
  feedback: '搜索反馈',
  followers: (count: string) => `${count} 粉丝`,
  contents: (count: string) => `${count} 篇内容`,
  category: '分类',
  hashtag: '话题',
} as const;
