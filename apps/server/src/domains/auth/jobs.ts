import { sql } from 'drizzle-orm';
import { deleteInBatches } from '../../jobs/batches';
import type { JobDefinition } from '../../jobs/types';

/**
 * Hourly: sessions past their expiry (or revoked a day ago), login codes a day past theirs (the
 * day keeps a phone's recent codes for its throttles), and captcha challenges and passes past
 * theirs. None of them can be used any more.
 */
export const authJobs: JobDefinition[] = [
  {
    name: 'auth-expired',
    schedule: '7 * * * *',
    async run({ db }) {
      return {
        sessions: await deleteInBatches(
          db,
          'sessions',
          sql`expires_at < now() or revoked_at < now() - interval '1 day'`,
        ),
        loginCodes: await deleteInBatches(db, 'login_codes', sql`expires_at < now() - interval '1 day'`),
        captchaChallenges: await deleteInBatches(db, 'captcha_challenges', sql`expires_at < now()`),
        captchaSessions: await deleteInBatches(db, 'captcha_sessions', sql`expires_at < now()`),
      };
    },
  },
];
