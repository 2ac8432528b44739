import type { MultipartFile } from '@fastify/multipart';
import { isUnstorable, UNSTORABLE_TEXT_MESSAGE } from '../../plugins/stored-text';
import { StorageHostError } from './storage-error';

/**
 * Bad input of the upload routes off the contract (issue 11 point 2): forms that are not whole
 * multipart/form-data, and form fields, query parameters or headers the database cannot store
 * (NUL, lone surrogates, a content type longer than its column). All are refusals (400), never
 * a 5xx.
 */

/**
 * Busboy's errors for a body that is not a whole multipart/form-data form: no boundary in the
 * content type, a body without one, a part cut off. They come as plain Errors (from
 * `request.file()` or the file stream), so they are told apart by their text.
 */
const MALFORMED_FORM =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

/** True for an error of a malformed or truncated multipart form. */
export const isMalformedForm = (error: unknown): boolean =>
  error instanceof Error && MALFORMED_FORM.test(error.message);

/** The storage host's refusal of a malformed form (OSS's code for it). */
export const malformedPostRequest = (error: Error) =>
  new StorageHostError(
    400,
    'MalformedPOSTRequest',
    `The body of your POST request is not well-formed multipart/form-data: ${error.message}.`,
  );

/** The longest content type stored (the `content_type` columns). */
export const CONTENT_TYPE_MAX = 128;

/** A refused field: its name as sent, the person's reason (Chinese) and the developer's text. */
export interface InputProblem {
  name: string;
  reason: string;
  detail: string;
}

const hasUnstorable = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(hasUnstorable) : typeof value === 'string' && isUnstorable(value);

const unstorable = (kind: string, name: string): InputProblem => ({
  name,
  reason: UNSTORABLE_TEXT_MESSAGE,
  detail: `The ${kind} ${name} contains a NUL or an unpaired surrogate character.`,
});

/** A content type (form field, file part or header) longer than the column that stores it. */
export function contentTypeProblem(
  kind: string,
  name: string,
  value: string | undefined,
): InputProblem | null {
  if (value === undefined || value.length <= CONTENT_TYPE_MAX) return null;
  return {
    name,
    reason: `不能超过 ${CONTENT_TYPE_MAX} 个字符`,
    detail: `The ${kind} ${name} is longer than ${CONTENT_TYPE_MAX} characters.`,
  };
}

/** The first query parameter whose name or value the database cannot store. */
export function queryProblem(query: Readonly<Record<string, unknown>>): InputProblem | null {
  for (const [name, value] of Object.entries(query)) {
    if (isUnstorable(name) || hasUnstorable(value)) return unstorable('query parameter', name);
  }
  return null;
}

/**
 * The first field of a parsed form the database cannot store, by its name as sent (`file` for the
 * file part's content type): NUL or lone surrogates, or a content type over its column. The file
 * name is never stored as sent (keys follow their own rule), so it is left alone.
 * `ownRule` names fields (lower case) checked by a stricter rule of their own.
 */
export function formProblem(file: MultipartFile, ownRule: readonly string[] = []): InputProblem | null {
  if (isUnstorable(file.mimetype)) return unstorable('form field', file.fieldname);
  const fileType = contentTypeProblem('form field', file.fieldname, file.mimetype);
  if (fileType) return fileType;
  for (const [name, entry] of Object.entries(file.fields)) {
    for (const part of Array.isArray(entry) ? entry : [entry]) {
      if (part?.type !== 'field' || ownRule.includes(name.toLowerCase())) continue;
      if (isUnstorable(name) || hasUnstorable(part.value)) return unstorable('form field', name);
      const type = name.toLowerCase() === 'content-type' ? String(part.value) : undefined;
      const long = contentTypeProblem('form field', name, type);
      if (long) return long;
    }
  }
  return null;
}

/** The storage host's refusal of such a field: 400 InvalidArgument whose `msg` names it. */
export const storageRefusal = (problem: InputProblem) =>
  new StorageHostError(400, 'InvalidArgument', problem.detail, `${problem.name}: ${problem.reason}`);
