import type { Endpoint } from '@h5/contract';
import { SIGN_INVALID, signParams } from '@h5/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { SERVER_MESSAGES } from './messages';

/** The parameters a sign covers (spec §5): the query without `sign` for GET, the body for POST. */
export function signedParams(endpoint: Endpoint, request: FastifyRequest): Record<string, unknown> {
  if (endpoint.method === 'GET') {
    const { sign: _sign, ...query } = request.query as Record<string, unknown>;
    return query;
  }
  const body = request.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** Refuses with HTTP 403, code SIGN_INVALID, SERVER_MESSAGES' signMissing or signMismatch. */
export function verifySign(endpoint: Endpoint, request: FastifyRequest, secret: string): void {
  const sign = (request.query as Record<string, unknown>).sign;
  if (typeof sign !== 'string' || sign === '') {
    throw new AppError(SIGN_INVALID, SERVER_MESSAGES.signMissing, 403);
  }
  if (signParams(signedParams(endpoint, request), secret) !== sign.toLowerCase()) {
    throw new AppError(SIGN_INVALID, SERVER_MESSAGES.signMismatch, 403);
  }
}
