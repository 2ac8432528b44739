/** Generic HTTP client errors (spec §8, transport). */
export const CLIENT_MESSAGES = {
  statusCode: (status: number) => `Request failed with status code ${status}`,
  network: 'Network Error',
  timeout: (ms: number) => `timeout of ${ms} ms exceeded`,
  aborted: 'Request aborted',
  /** Not a spec text: the spec only says a declined client rejects its requests. */
  declined: (reason?: string) => (reason ? `Request declined: ${reason}` : 'Request declined'),
} as const;
