/** AI-image business errors (spec §8). */
export const AI_IMAGE_MESSAGES = {
  userImageRejected: 'user image failed review',
  generatedImageRejected: 'generated image failed review',
  tooFast: 'operating too fast, please try later',
  activityNotStarted: 'activity not started',
  activityEnded: 'activity ended',
  userBanned: 'user banned',
  upgradeRequired: 'please upgrade to the new version to use AI features',
} as const;
