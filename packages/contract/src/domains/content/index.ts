import { contentDetails } from './details';
import { contentFeeds } from './feeds';
import { contentPublish } from './publish';

export * from './details';
export * from './feeds';
export * from './publish';

/** Content: the detail pages, the feeds and publishing. */
export const content = { ...contentDetails, ...contentFeeds, ...contentPublish } as const;
