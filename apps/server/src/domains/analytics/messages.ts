/** The analytics domain's refusals (docs/api.md "Limits"); a tracker keeps the refused events. */
export const ANALYTICS_MESSAGES = {
  /** HTTP 429: too many reports or events from this visitor or address; `wait` like `1 分钟`. */
  tooManyReports: (wait: string) => `上报过于频繁，请 ${wait}后再试`,
} as const;
