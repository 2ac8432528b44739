import { LOGIN_CODE_ATTEMPTS_EXCEEDED } from '@h5/core';
// The error class alone: the client itself loads lazily (lib/api-client.ts).
import { isApiError } from '@h5/request/api-error-brand';

/** The code had its tries and is dead: the form clears it, so the next step is a new code. */
export const isDeadCode = (error: unknown): boolean =>
  isApiError(error) && error.code === LOGIN_CODE_ATTEMPTS_EXCEEDED;
