import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { NOT_FOUND, OPERATOR_ROLE_FORBIDDEN } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobRuns } from '../db/schema';
import { createTestApp, loginOperator, type TestApp } from '../test-utils';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('定时任务 (backstage jobs)', () => {
  it("lists the server's jobs with their crons", async () => {
    const admin = await loginOperator(t, 'admin');
    const res = await admin.call(contract.backstage.jobs, {});
    expect(res.body.code).toBe(200);
    // Test apps never pass a jobs URL: the in-process queue, left stopped.
    expect(res.body.data.queue).toBe('in-process');
    expect(res.body.data.list).toEqual(
      expect.arrayContaining([
        { name: 'lottery-draw', schedule: null },
        { name: 'lottery-sweep', schedule: '* * * * *' },
        { name: 'pick-rule', schedule: '0 3 * * 1' },
        { name: 'analytics-partitions', schedule: '13 3 * * *' },
        { name: 'analytics-retention', schedule: '23 3 * * *' },
        { name: 'creator-period-views', schedule: '* * * * *' },
        { name: 'jobs-probe', schedule: null },
      ]),
    );
  });

  it('pages the runs newest first, filtered by job and state', async () => {
    const job = `test-list-${randomUUID().slice(0, 8)}`;
    const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, s));
    await t.db.insert(jobRuns).values([
      {
        job,
        trigger: 'schedule',
        state: 'failed',
        attempt: 1,
        startedAt: at(1),
        finishedAt: at(2),
        error: 'boom',
      },
      {
        job,
        trigger: 'schedule',
        state: 'succeeded',
        attempt: 2,
        startedAt: at(3),
        finishedAt: at(4),
        result: { n: 1 },
      },
      {
        job,
        trigger: 'operator',
        state: 'succeeded',
        attempt: 1,
        startedAt: at(5),
        finishedAt: at(6),
        result: { n: 2 },
      },
    ]);
    const admin = await loginOperator(t, 'admin');
    const first = await admin.call(contract.backstage.jobRuns, { job, limit: 2 });
    expect(first.body.data.list.map((run) => [run.attempt, run.state, run.trigger])).toEqual([
      [1, 'succeeded', 'operator'],
      [2, 'succeeded', 'schedule'],
    ]);
    expect(first.body.data.hasMore).toBe(true);
    const second = await admin.call(contract.backstage.jobRuns, {
      job,
      limit: 2,
      lastId: first.body.data.lastId ?? undefined,
    });
    expect(second.body.data.list).toMatchObject([
      {
        state: 'failed',
        error: 'boom',
        startedAt: '2026-11-01T00:00:01.000Z',
        finishedAt: '2026-11-01T00:00:02.000Z',
      },
    ]);
    const failed = await admin.call(contract.backstage.jobRuns, { job, state: 'failed', limit: 20 });
    expect(failed.body.data.list.map((run) => run.error)).toEqual(['boom']);
  });

  it('立即运行 queues a run of a known job, audited; an unknown job and a moderator are refused', async () => {
    const admin = await loginOperator(t, 'admin');
    const ran = await admin.call(contract.backstage.runJob, { job: 'jobs-probe' });
    expect(ran.body).toMatchObject({ code: 200, data: { job: 'jobs-probe' } });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, admin.operator.operatorId), eq(auditLog.action, 'job.run')));
    expect(audited.map((row) => [row.objectType, row.objectId])).toEqual([['job', 'jobs-probe']]);

    const unknown = await admin.call(contract.backstage.runJob, { job: 'no-such-job' });
    expect(unknown.body).toMatchObject({ code: NOT_FOUND, msg: '没有名为 no-such-job 的定时任务' });

    const moderator = await loginOperator(t, 'moderator');
    const refused = await moderator.call(contract.backstage.runJob, { job: 'jobs-probe' });
    expect(refused.body).toMatchObject({
      code: OPERATOR_ROLE_FORBIDDEN,
      msg: '当前角色（moderator）无权进行此操作',
    });
  });
});
