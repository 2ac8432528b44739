import { displayMessage } from '@h5/core';
// The error brand alone: screens load before the client does (lib/api-client.ts).
import { isApiError } from '@h5/request/api-error-brand';

/** A failed call as a screen shows it: reasons under its own fields, else one sentence. */
export interface ShownFailure {
  message: string;
  fields: Readonly<Record<string, string>>;
}

/**
 * The sentence of any failure, for people: an API error's message (spec §8 rules applied, a 400's
 * catalogue sentence, packages/request), else the generic fallback, never a bug's own text.
 */
export const failureMessage = (failure: unknown): string =>
  isApiError(failure) ? failure.message : displayMessage(null);

/**
 * What a form shows of a failed call (issue 26 point 8, issue 27 point 2): a 400 refusing some of
 * the form's own `fields` puts each reason under its field (the contract writes those reasons for
 * users); anything else is one sentence for the whole form.
 */
export function failureOf(failure: unknown, fields: readonly string[]): ShownFailure {
  const refused = isApiError(failure) ? failure.fields : undefined;
  const own = Object.fromEntries(
    fields.filter((f) => refused?.[f] !== undefined).map((f) => [f, refused?.[f] ?? '']),
  );
  return { message: failureMessage(failure), fields: own };
}

/** A business refusal's sentence (the server said no, e.g. 不是主播), else null (no answer, a bug). */
export const businessRefusal = (failure: unknown): string | null =>
  isApiError(failure) && failure.kind === 'business' ? failure.message : null;

/** A failure's envelope code (a screen that answers one code its own way), else 0 (no answer, a bug). */
export const failureCode = (failure: unknown): number => (isApiError(failure) ? failure.code : 0);
