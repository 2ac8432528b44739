// Issue 6: the community calls of this part (follow). Filled in by its owner; exported through
// `community` in ../index.ts together with the other parts.
export const communityFollow = {} as const;
