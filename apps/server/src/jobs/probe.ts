import type { JobDefinition } from './types';

export const PROBE_JOB = 'jobs-probe';

/**
 * Outside production only (decision 009): a job that, sent with `failFirst`, fails its first
 * attempt and succeeds on the retry, so tests and operators can watch the retry rule work.
 */
export const probeJob: JobDefinition<{ failFirst?: unknown }> = {
  name: PROBE_JOB,
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  async run(_deps, data, attempt) {
    if (data.failFirst === true && attempt === 1)
      throw new Error('jobs-probe: the first attempt fails on purpose');
    return { attempt };
  },
};
