/** The backstage's 定时任务 page (issue 31 point 4), in Chinese. */
export const JOBS_TEXT = {
  title: '定时任务',
  queue: { 'pg-boss': '任务队列：pg-boss（PostgreSQL）', 'in-process': '任务队列：进程内（PGlite）' },
  jobsCaption: '任务',
  runsCaption: '运行记录',
  jobColumns: { name: '任务', schedule: '计划（UTC cron）', action: '操作' },
  sent: '由业务触发',
  runNow: '立即运行',
  queued: (job: string) => `已加入队列：${job}`,
  filters: { job: '任务', state: '状态', all: '全部' },
  runColumns: {
    startedAt: '开始',
    job: '任务',
    trigger: '触发',
    state: '状态',
    attempt: '第几次',
    finishedAt: '结束',
    detail: '结果 / 错误',
  },
  triggers: { schedule: '计划', send: '业务', operator: '手动' },
  states: { running: '运行中', succeeded: '成功', failed: '失败' },
  /** Each job by what it does; the stored name follows in brackets (logs and docs use it). */
  names: {
    'lottery-draw': '抽奖开奖',
    'lottery-sweep': '补开到期抽奖',
    'pick-rule': '每周精选规则',
    'activity-windows': '活动窗口开启与结束',
    'auth-expired': '清理过期会话、验证码',
    'upload-sweep': '清理中断的分片上传',
    'analytics-partitions': '创建埋点按日分区',
    'analytics-retention': '埋点数据保留期清理（按日删分区）',
    'live-silence': '关闭长时间无事件的直播',
    'operator-sessions': '清理后台会话与防重放记录',
    'jobs-probe': '重试演示任务（仅开发环境）',
  } as Readonly<Record<string, string>>,
} as const;

/** A job as the backstage shows it: what it does, then its name (`抽奖开奖（lottery-draw）`). */
export const jobLabel = (name: string): string => {
  const label = JOBS_TEXT.names[name];
  return label ? `${label}（${name}）` : name;
};
