import type { JobDefinition } from '../../jobs/types';
import { pickByRule } from './content-picks';

/** The pick report's weekly rule: Mondays 03:00 UTC (11:00 in China). Idempotent (one pick per content). */
export const inviteJobs: JobDefinition[] = [
  {
    name: 'pick-rule',
    schedule: '0 3 * * 1',
    run: async ({ db }) => ({ picked: await pickByRule(db) }),
  },
];
