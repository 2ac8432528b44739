import { contentDetails } from './details';
import { contentFeeds } from './feeds';

export * from './details';
export * from './feeds';

/** Content: the detail pages and the feeds. */
export const content = { ...contentDetails, ...contentFeeds } as const;
