import { displayMessage } from '@h5/core';
// The error brand alone: forms load before the client does (lib/api-client.ts).
import { isApiError } from '@h5/request/api-error-brand';

/** A refusal as a form shows it: under one of its fields, or for the whole form (`field` ''). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * What a form shows of a failed call (issue 26 point 8). A 400 that names one of the form's own
 * `fields` puts its reason under that field: the contract writes those reasons for users
 * (`请填写正确的 11 位手机号`). Anything else is the error's message for the whole form, which for
 * any other 400 is the catalogue's sentence (packages/request `bad-request.ts`); a failure that is
 * no API error (a bug) gets the generic fallback, never its own text.
 */
export function formErrorOf(failure: unknown, fields: readonly string[]): FieldError {
  if (!isApiError(failure)) return { field: '', message: displayMessage(null) };
  const field = fields.find((name) => failure.fields?.[name] !== undefined);
  if (field) return { field, message: failure.fields?.[field] as string };
  return { field: '', message: failure.message };
}
