import { displayMessage, LOGIN_CODE_ATTEMPTS_EXCEEDED } from '@h5/core';
// The error class alone: the client itself loads lazily (lib/api-client.ts).
import { isApiError } from '@h5/request/api-error-brand';

/**
 * The inline text of a failed login call: the server's msg (spec §8 rules), else the fallback.
 * The server's texts say what to do: a wrong code how many tries are left, a dead code to request
 * a new one, HTTP 429 how long to wait.
 */
export function loginErrorText(error: unknown): string {
  if (isApiError(error)) return displayMessage(error.message);
  return displayMessage(null);
}

/** The code had its tries and is dead: the form clears it, so the next step is a new code. */
export const isDeadCode = (error: unknown): boolean =>
  isApiError(error) && error.code === LOGIN_CODE_ATTEMPTS_EXCEEDED;
