import { REQUEST_MESSAGES } from '@h5/core';
import { ApiError } from './api-error';

/** HTTP 400: the server refused the input as malformed (docs/api.md "Bad input"). */
export const HTTP_BAD_REQUEST = 400;

/** The refused fields of a 400's data (`{ fields: { lotteryId: '…' } }`), when it has them. */
function fieldsOf(data: unknown): Record<string, string> | undefined {
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object') return undefined;
  const entries = Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * The error of an HTTP 400 answer (issue 26 point 8). Its msg names the field for developers
 * (`lotteryId: 请提供 lotteryId 或 streamId`), so users get the catalogue's sentence instead, in
 * toasts and on pages alike; the refused fields come as data (issue 27 point 2) for a form to
 * place each reason under its own input, the raw text stays for logs and the debug console.
 */
export function badRequestError(text: string, code: number, data: unknown): ApiError {
  return new ApiError(REQUEST_MESSAGES.badRequest, code, HTTP_BAD_REQUEST, 'http', {
    data,
    fields: fieldsOf(data),
    serverMessage: text,
  });
}
