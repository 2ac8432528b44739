/** The commission programme screen (issue 17 point 2): labels the spec does not write, in Chinese. */
export const COMMISSION_TEXT = {
  title: '商品佣金计划',
  intro: '加入后，你的内容带货成交可获得商品佣金。满足以下条件即可加入：',
  current: (n: number) => `当前 ${n}`,
  met: '已满足',
  unmet: '未满足',
  join: '立即加入',
  joining: '加入中…',
  joined: (date: string) => `已于 ${date} 加入佣金计划`,
  notEligible: '满足全部条件后即可加入',
  entry: '商品佣金计划',
  entryNote: '带货赚佣金，查看加入条件',
} as const;
