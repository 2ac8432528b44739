/** The lottery's refusals (issue 17 point 1; codes in docs/api.md). */
export const LOTTERY_MESSAGES = {
  notFound: '抽奖不存在',
  /** The backstage's create: no user of that id. */
  hostNotFound: '主播不存在',
  closed: '本次抽奖已截止参与',
  followRequired: '关注主播后才能参与本次抽奖',
  hostCannotEnter: '主播不能参与自己的抽奖',
  notDrawn: '尚未开奖，开奖后中奖用户才能填写收货地址',
  notWinner: '未中奖，无法填写收货地址',
  addressExists: '收货地址已提交，如需修改请使用修改地址',
  addressMissing: '还没有提交收货地址，请先填写',
  winnerAddressMissing: '中奖用户尚未填写收货地址，暂不能填写运单',
  shipped: '奖品已发货，收货地址不能再修改',
  notHost: '只有本场主播可以填写运单',
  winnerNotFound: '该用户不是本次抽奖的中奖用户',
  /** A 400 for `region` (issue 26 point 7): not a district of the national division. */
  unknownRegion: '所在地区不存在，请重新选择省、市、区县',
} as const;
