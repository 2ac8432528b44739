import { communityFollow, communityUsers } from './follow';
import { communityLights } from './lights';
import { communityReplies } from './replies';

export * from './follow';
export * from './lights';
export * from './replies';

/** Community (issue 6): one object, its parts in their own files. */
export const community = {
  ...communityLights,
  ...communityReplies,
  ...communityFollow,
  ...communityUsers,
} as const;
