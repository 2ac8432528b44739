import { describe, expect, it } from 'vitest';
import { jobDefinitions } from '.';

describe('jobDefinitions', () => {
  it("lists every domain's jobs, and the retry probe only outside production (decision 009)", () => {
    const names = (env: 'pro' | 't1') => jobDefinitions({ APP_ENV: env }).map((job) => job.name);
    expect(names('pro')).toEqual([
      'lottery-draw',
      'lottery-sweep',
      'pick-rule',
      'activity-windows',
      'auth-expired',
      'upload-sweep',
      'analytics-partitions',
      'analytics-retention',
      'live-silence',
      'operator-sessions',
      'creator-period-views',
    ]);
    expect(names('t1')).toEqual([...names('pro'), 'jobs-probe']);
  });
});
