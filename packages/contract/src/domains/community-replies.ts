// Issue 6: the community calls of this part (replies). Filled in by its owner; exported through
// `community` in ../index.ts together with the other parts.
export const communityReplies = {} as const;
