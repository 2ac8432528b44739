import { REQUEST_MESSAGES } from '@h5/core';
import { ApiError } from './api-error';

/** HTTP 400: the server refused the input as malformed (docs/api.md "Errors"). */
export const HTTP_BAD_REQUEST = 400;

// `field: reason`, the field a path of names or indexes (`events.0.uuid`), as the server writes it.
const FIELD_MESSAGE = /^([\w.[\]-]+): (.+)$/s;

/**
 * The error of an HTTP 400 answer (issue 26 point 8). Its msg names the field for developers
 * (`lotteryId: 请提供 lotteryId 或 streamId`), so users get the catalogue's sentence instead, in
 * toasts and on pages alike; the field and its reason stay on the error for a form to place under
 * its own input, the raw text for logs and the debug console.
 */
export function badRequestError(text: string, code: number, data: unknown): ApiError {
  const match = FIELD_MESSAGE.exec(text);
  return new ApiError(REQUEST_MESSAGES.badRequest, code, HTTP_BAD_REQUEST, 'http', {
    data,
    field: match?.[1],
    fieldMessage: match?.[2],
    serverMessage: text,
  });
}
