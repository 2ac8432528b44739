import type { JobDefinition } from '../../jobs/types';
import { closeSilentBroadcasts } from './silence';

/**
 * Every minute: broadcasts the platform stopped talking about for LIVE_SILENCE_MINUTES end at
 * their last event (reads already treat them as ended; this writes it down, once).
 */
export const liveJobs: JobDefinition[] = [
  {
    name: 'live-silence',
    schedule: '* * * * *',
    run: async ({ db, env }) => ({
      closed: await closeSilentBroadcasts(db, Date.now(), env.LIVE_SILENCE_MINUTES),
    }),
  },
];
