import type { JobDefinition } from '../../jobs/types';
import { sweepUploads } from './sweep';

/** Abandoned multipart uploads (their staged parts and part rows) and long-expired credentials, hourly. */
export const uploadJobs: JobDefinition[] = [
  {
    name: 'upload-sweep',
    schedule: '17 * * * *',
    run: ({ db, store }) => sweepUploads(db, store),
  },
];
