import type { BadRequestData } from '@h5/contract';
import { BAD_REQUEST, NOT_FOUND } from '@h5/core';
import type { z } from 'zod';
import { SERVER_MESSAGES } from './messages';

/**
 * A refusal with an envelope code. Business errors keep HTTP 200 (DESIGN.md §4); malformed
 * input is HTTP 400, a bad sign 403, an unknown path 404, a risk check 485. `data` is the
 * envelope's data (null unless the refusal tells the client more, e.g. which captcha to pass).
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/**
 * A service the server calls cannot answer now (unreachable, timed out, its own 5xx), e.g. the
 * external OSS bucket of UPLOAD_DRIVER=oss: the call answers 503 (retry later), logged as a warning.
 */
export class UpstreamUnavailableError extends Error {
  override readonly name = 'UpstreamUnavailableError';
}

export const isUpstreamUnavailable = (error: unknown): error is UpstreamUnavailableError =>
  error instanceof UpstreamUnavailableError;

/** A 400 refusing `fields` (field → reason, first first): the message names the first. */
function refusal(fields: BadRequestData['fields']): AppError {
  const [first] = Object.entries(fields);
  if (!first) return new AppError(BAD_REQUEST, 'invalid input', 400);
  const [field, message] = first;
  const data: BadRequestData | null = field ? { fields } : null;
  return new AppError(BAD_REQUEST, field ? `${field}: ${message}` : message, 400, data);
}

/**
 * Malformed input: HTTP 400, code BAD_REQUEST, the message names the field (`limit: 数值过大：…`)
 * and the data holds it (`{ fields: { limit: '数值过大：…' } }`, issue 27 point 2).
 */
export const badRequest = (field: string, message: string): AppError => refusal({ [field]: message });

/**
 * The zod issues as a 400 (zod's zh-CN locale, plugins/zod-locale.ts): every refused field's first
 * reason in the data, the first in the message, e.g. `limit: 数值过大：期望 number <=40`.
 */
export function fromZodError(error: z.ZodError): AppError {
  const fields: BadRequestData['fields'] = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in fields)) fields[field] = issue.message;
  }
  return refusal(fields);
}

/** A missing thing as a business error (HTTP 200, code 404). */
export const notFound = (message: string = SERVER_MESSAGES.notFound): AppError =>
  new AppError(NOT_FOUND, message);

/** A path that does not exist here (e.g. development helpers in production): HTTP 404, code 404. */
export const routeNotFound = (): AppError => new AppError(NOT_FOUND, SERVER_MESSAGES.notFound, 404);
