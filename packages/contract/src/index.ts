import { analytics } from './domains/analytics';
import { auth } from './domains/auth';
import { config } from './domains/config';
import { content } from './domains/content';
import { feedback } from './domains/feedback';
import { upload } from './domains/upload';

export * from './domains/analytics';
export * from './domains/analytics-events';
export * from './domains/auth';
export * from './domains/config';
export * from './domains/content';
export * from './domains/feedback';
export * from './domains/upload';
export * from './endpoint';
export * from './server-context';
export * from './shared';

/** The contract table: every call, by domain. The server registers routes from it. */
export const contract = { analytics, auth, config, content, feedback, upload } as const;
