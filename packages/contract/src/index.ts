import { activity } from './domains/activity';
import { analytics } from './domains/analytics';
import { auth } from './domains/auth';
import { commerce } from './domains/commerce';
import { communityFollow, communityUsers } from './domains/community-follow';
import { communityLights } from './domains/community-lights';
import { communityReplies } from './domains/community-replies';
import { config } from './domains/config';
import { contentDetails } from './domains/content';
import { contentFeeds } from './domains/content-feeds';
import { creatorDataCenter } from './domains/creator-data-center';
import { creatorUpgrade } from './domains/creator-upgrade';
import { creatorVideoAccount } from './domains/creator-video-account';
import { feedback } from './domains/feedback';
import { inviteCalls } from './domains/invite';
import { inviteTasks } from './domains/invite-tasks';
import { liveCalls } from './domains/live';
import { liveConsole } from './domains/live-console';
import { lottery } from './domains/lottery';
import { shoeEval } from './domains/shoe-eval';
import { upload } from './domains/upload';

export * from './domains/activity';
export * from './domains/analytics';
export * from './domains/analytics-events';
export * from './domains/auth';
export * from './domains/commerce';
export * from './domains/community-follow';
export * from './domains/community-lights';
export * from './domains/community-replies';
export * from './domains/config';
export * from './domains/content';
export * from './domains/content-feeds';
export * from './domains/creator-data-center';
export * from './domains/creator-upgrade';
export * from './domains/creator-video-account';
export * from './domains/feedback';
export * from './domains/invite';
export * from './domains/invite-tasks';
export * from './domains/live';
export * from './domains/live-console';
export * from './domains/lottery';
export * from './domains/shoe-eval';
export * from './domains/upload';
export * from './endpoint';
export * from './entries';
export * from './server-context';
export * from './shared';

/** Community (issue 6): one object, its parts in their own files. */
const community = { ...communityLights, ...communityReplies, ...communityFollow, ...communityUsers } as const;
const content = { ...contentDetails, ...contentFeeds } as const;
/** Creator (issue 15): the data centre, the upgrade programme with flexible staffing, the video account. */
const creator = { ...creatorDataCenter, ...creatorUpgrade, ...creatorVideoAccount } as const;
/** Live (issue 16): the spec's live calls and the internal live-room console. */
const live = { ...liveCalls, ...liveConsole } as const;
/** Invitations (issue 18): inviting and being invited; the starter tasks, motivation, guides and picks. */
const invite = { ...inviteCalls, ...inviteTasks } as const;

/** The contract table: every call, by domain. The server registers routes from it. */
export const contract = {
  activity,
  analytics,
  auth,
  commerce,
  community,
  config,
  content,
  creator,
  feedback,
  invite,
  live,
  lottery,
  shoeEval,
  upload,
} as const;
