/**
 * The creator upgrade programme, flexible staffing and video account screens (issue 15 points
 * 2–4): labels the spec does not write, in Chinese; the server's refusals arrive as the msg.
 */
const UPGRADE_FIGURE_NAMES = {
  publications: '计入的发布',
  qualityContents: '优质内容',
  lights: '获得点亮',
} as const;

export const UPGRADE_TEXT = {
  title: '创作者升级计划',
  season: (title: string) => `${title} · 本季进度`,
  noSeason: '当前没有进行中的赛季',
  topLevel: '已达到最高等级',
  nextLevel: (title: string) => `距离「${title}」还差`,
  /** The unmet conditions, each with how many more (还差 优质内容 3 篇). */
  gap: (items: string[]) => `还差 ${items.join('、')}`,
  gapItem: (key: 'publications' | 'qualityContents' | 'lights', more: number) =>
    `${UPGRADE_FIGURE_NAMES[key]} ${more} ${key === 'lights' ? '个' : '篇'}`,
  gapNone: '已满足全部条件',
  met: '已达成',
  ...UPGRADE_FIGURE_NAMES,
  awardsTitle: '升级奖励',
  awardsEmpty: '本季暂无奖励',
  amount: (cents: number) => `¥${(cents / 100).toFixed(2)}`,
  awardLevel: (title: string) => `达到「${title}」可领`,
  deadline: (date: string) => `领取截止 ${date}`,
  receive: '领取',
  receiving: '领取中…',
  received: '已领取',
  expired: '已过期',
  locked: '未达成',
  receivedToast: (title: string) => `已领取「${title}」`,
  staffingTitle: '灵活用工签约',
  staffingSigned: (date: string) => `已签约（${date}），奖励将按月结算到你的账户`,
  staffingNotSigned: '奖励需签约灵活用工后才能结算',
  staffingSign: '去签约',
  tabs: { publish: '发布记录', quality: '优质案例', awards: '领奖记录' },
  counted: '已计入',
  quality: '优质',
  publishEmpty: '本季还没有发布内容',
  qualityEmpty: '本季暂无优质案例',
  awardsRecordEmpty: '还没有领取过奖励',
  figures: (lights: number, replies: number) => `${lights} 点亮 · ${replies} 评论`,
} as const;

export const VIDEO_ACCOUNT_TEXT = {
  title: '视频号认证',
  stateTitle: '认证状态',
  states: { none: '未申请', pending: '审核中', approved: '已认证', rejected: '未通过' },
  rejectedReason: (reason: string) => `未通过原因：${reason}`,
  detailsTitle: '视频号资料',
  name: '视频号名称',
  accountId: '视频号 ID',
  profileUrl: '主页链接',
  save: '保存资料',
  saving: '保存中…',
  saved: '资料已保存',
  screenshotTitle: '视频号主页截图',
  apply: '提交认证申请',
  applying: '提交中…',
  applied: '已提交，请等待审核',
  saveFirst: '请先保存视频号资料',
  uploadFirst: '请上传视频号主页截图',
  waitUpload: '截图上传中，请稍候',
  pendingNote: '申请审核中，审核结果会显示在这里',
  cardTitle: '视频号名片',
  viewCard: '查看公开名片',
  cardMissing: '该用户还没有通过认证的视频号',
} as const;
