import type { LotteryShipping } from '@h5/contract';

/** The backstage's review and operations pages (issue 30 point 4), in Chinese. */
export const REVIEW_OPS_TEXT = {
  title: '视频号审核',
  stateLabel: '申请状态',
  states: { pending: '待审核', approved: '已通过', rejected: '已驳回' },
  columns: {
    createdAt: '申请时间',
    user: '用户',
    account: '视频号',
    screenshot: '截图',
    state: '状态',
    review: '审核',
  },
  openScreenshot: '查看截图',
  reason: '驳回原因',
  reasonHint: '驳回时必填，创作者会在视频号页面看到',
  approve: '通过',
  reject: '驳回',
  reviewedAt: (at: string) => `审核于 ${at}`,
} as const;

export const LOTTERY_OPS_TEXT = {
  title: '直播抽奖',
  create: '发起抽奖',
  creating: '提交中…',
  created: (id: number) => `已创建抽奖 #${id}`,
  fields: {
    streamId: '直播场次 ID',
    hostUserId: '主播用户 ID',
    prize: '奖品',
    quantity: '奖品数量',
    entryRule: '参与条件',
    drawInSeconds: '多少秒后开奖',
  },
  rules: { none: '登录即可参与', follow: '关注主播后可参与' },
  filterState: '状态',
  anyState: '全部',
  states: { open: '未开奖', drawn: '已开奖' },
  columns: {
    id: '抽奖 ID',
    stream: '直播场次',
    host: '主播',
    prize: '奖品',
    drawAt: '开奖时间',
    state: '状态',
    entrants: '参与人数',
    winners: '中奖 / 已发货',
    detail: '详情',
  },
  open: '查看',
  back: '返回抽奖列表',
  detailTitle: (id: number) => `抽奖 #${id}`,
  winnersTitle: '中奖用户',
  noWinners: '没有中奖用户',
  entrantsTitle: (n: number) => `参与用户（共 ${n} 人，显示前 200 人）`,
  winnerColumns: {
    user: '中奖用户',
    address: '收货地址',
    shipping: '发货状态',
    waybill: '运单',
  },
  entrantColumns: { user: '用户', enteredAt: '参与时间' },
  noAddress: '尚未填写',
  shipping: {
    awaiting_address: '待填写地址',
    awaiting_shipment: '待发货',
    shipped: '已发货',
  } satisfies Record<LotteryShipping['state'], string>,
  courier: '快递公司',
  trackingNo: '运单号',
  ship: '标记已发货',
  correct: '更正运单',
} as const;

export const STAFFING_OPS_TEXT = {
  title: '灵活用工签约',
  filterSigned: '签约状态',
  any: '全部',
  signed: '已签约',
  unsigned: '未签约',
  columns: { user: '创作者', userId: '用户 ID', state: '签约状态', signedAt: '签约时间' },
} as const;
