import type { LotteryMyState, LotteryShipping } from '@h5/contract';

/** The live lottery screens (issue 17 point 1): labels the spec does not write, in Chinese. */
export const LOTTERY_TEXT = {
  title: '直播抽奖',
  prizeCount: (n: number) => `共 ${n} 份`,
  entrants: (n: number) => `${n} 人已参与`,
  rules: { none: '登录即可参与', follow: '关注主播后可参与' },
  drawIn: (time: string) => `${time} 后开奖`,
  drawn: '已开奖',
  drawing: '开奖中…',
  states: {
    visitor: '登录后参与抽奖',
    not_entered: '还未参与',
    entered: '已参与，等待开奖',
    won: '恭喜你中奖了！',
    lost: '很遗憾，未中奖',
  } satisfies Record<LotteryMyState, string>,
  missed: '本次抽奖已开奖，下次早点来',
  enter: '立即参与',
  entering: '参与中…',
  addressTitle: '收货地址',
  addressHint: '请在奖品发出前填写，发货后不能修改',
  name: '收货人',
  mobile: '手机号',
  region: '所在地区',
  province: '省份',
  city: '城市',
  district: '区县',
  choose: '请选择',
  regionsFailed: '地区列表加载失败',
  retry: '重试',
  street: '详细地址',
  streetPlaceholder: '街道、门牌号、楼层等',
  submit: '提交地址',
  update: '保存修改',
  saving: '提交中…',
  edit: '修改地址',
  cancel: '取消',
  submitted: '地址已提交',
  updated: '地址已修改',
  shipping: {
    awaiting_address: '待填写地址',
    awaiting_shipment: '待发货',
    shipped: '已发货',
  } satisfies Record<LotteryShipping['state'], string>,
  waybill: (courier: string, no: string) => `${courier} ${no}`,
  winnersTitle: (n: number) => `中奖名单（${n}）`,
  noWinners: '本次抽奖没有人参与',
  winnersPending: '开奖后显示中奖名单',
  courier: '快递公司',
  trackingNo: '运单号',
  sendWaybill: '填写运单',
  notFound: '抽奖不存在或已结束',
  consoleTitle: '直播抽奖控制台',
  details: '查看抽奖详情',
  start: '发起抽奖',
  toDelivery: '填写收货地址',
  entryRuleLabel: '参与条件',
  openPage: '打开抽奖页',
  drawNow: '立即开奖',
  /** The console's fields, by the create call's input names. */
  consoleFields: {
    streamId: '直播场次 ID',
    hostUserId: '主播用户 ID',
    prize: '奖品',
    quantity: '奖品数量',
    drawInSeconds: '多少秒后开奖',
  },
} as const;

/** 3 小时 05 分, 5 分 09 秒, 42 秒: the time until the draw. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h} 小时 ${pad(m)} 分`;
  if (m > 0) return `${m} 分 ${pad(sec)} 秒`;
  return `${sec} 秒`;
}
