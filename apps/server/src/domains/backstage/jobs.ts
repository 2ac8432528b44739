import type { JobDefinition } from '../../jobs/types';
import { pruneOperatorSessions } from '../../plugins/operator-session';

/** Every ten minutes: spent replay nonces and long-ended operator sessions leave (the write path never prunes). */
export const backstageJobs: JobDefinition[] = [
  {
    name: 'operator-sessions',
    schedule: '*/10 * * * *',
    run: async ({ db }) => ({ removed: await pruneOperatorSessions(db) }),
  },
];
