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
} as const;
