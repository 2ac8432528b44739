import { displayMessage } from '@h5/core';
// The error class alone: the client itself loads lazily (lib/api-client.ts).
import { isApiError } from '@h5/request/api-error';

/** The inline text of a failed login call: the server's msg (spec §8 rules), else the fallback. */
export function loginErrorText(error: unknown): string {
  if (isApiError(error)) return displayMessage(error.message);
  return displayMessage(null);
}
