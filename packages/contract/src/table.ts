import { activity } from './domains/activity';
import { analytics } from './domains/analytics';
import { auth } from './domains/auth';
import { backstage } from './domains/backstage';
import { commerce } from './domains/commerce';
import { community } from './domains/community';
import { config } from './domains/config';
import { content } from './domains/content';
import { creator } from './domains/creator';
import { feedback } from './domains/feedback';
import { invite } from './domains/invite';
import { live } from './domains/live';
import { lottery } from './domains/lottery';
import { message } from './domains/message';
import { search } from './domains/search';
import { shoeEval } from './domains/shoe-eval';
import { upload } from './domains/upload';

/**
 * The contract table: every call, by domain, one table per folder of `domains/`. The server
 * registers routes from it; the client derives its calls from it (entries.ts names them).
 */
export const contract = {
  activity,
  analytics,
  auth,
  backstage,
  commerce,
  community,
  config,
  content,
  creator,
  feedback,
  invite,
  live,
  lottery,
  search,
  message,
  shoeEval,
  upload,
} as const;
