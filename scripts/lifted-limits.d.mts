/** The risk and rate limits out of reach, for test servers whose every client is 127.0.0.1. */
export const LIFTED_LIMITS: Readonly<Record<string, string>>;
