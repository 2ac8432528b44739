import type { Envelope } from '@h5/contract';
import {
  BAD_REQUEST,
  INTERNAL_ERROR,
  NOT_FOUND,
  PAYLOAD_TOO_LARGE,
  SERVICE_UNAVAILABLE,
  SUCCESS,
} from '@h5/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isStoreUnavailable } from '../storage';
import { formatByteLimit } from './body-limits';
import { isAppError, isUpstreamUnavailable } from './errors';
import { SERVER_MESSAGES } from './messages';
import { applySecurityHeaders } from './security-headers';

export const envelope = <T>(code: number, msg: string, data: T): Envelope<T> => ({ code, msg, data });
export const success = <T>(data: T): Envelope<T> => envelope(SUCCESS, SERVER_MESSAGES.success, data);

/** Answers a 404 envelope: for unknown API paths and wrong methods. */
export function sendNotFound(reply: FastifyReply, method: string, path: string) {
  return reply.code(404).send(envelope(NOT_FOUND, `${SERVER_MESSAGES.notFound}: ${method} ${path}`, null));
}

/**
 * Fastify's own refusals that run no hooks and no error handler (`frameworkErrors`: a URL with a
 * broken percent-escape, a failed async constraint): a 400 envelope with the security headers.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(reply);
  const msg = error.code === 'FST_ERR_BAD_URL' ? SERVER_MESSAGES.badUrl : error.message;
  return reply.code(400).send(envelope(BAD_REQUEST, msg, null));
}

/**
 * Every failure leaves as an envelope: AppError with its code, a body over the route's limit as
 * 413 naming the limit, Fastify's other 4xx (bad JSON, unsupported media type) as BAD_REQUEST,
 * the database, the object store or an upstream service (external OSS) unavailable as 503 (retry
 * later), anything else a logged 500.
 */
export function registerEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      return reply.code(error.httpStatus).send(envelope(error.code, error.message, error.data));
    }
    if (isDatabaseUnavailable(error) || isStoreUnavailable(error) || isUpstreamUnavailable(error)) {
      request.log.warn({ err: error }, 'database, object store or upstream service unavailable');
      return reply
        .code(SERVICE_UNAVAILABLE)
        .send(envelope(SERVICE_UNAVAILABLE, SERVER_MESSAGES.serviceUnavailable, null));
    }
    const status = error.statusCode ?? 500;
    if (status === PAYLOAD_TOO_LARGE) {
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
      return reply
        .code(PAYLOAD_TOO_LARGE)
        .send(
          envelope(PAYLOAD_TOO_LARGE, SERVER_MESSAGES.payloadTooLarge(formatByteLimit(limit), limit), null),
        );
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(envelope(BAD_REQUEST, error.message, null));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(envelope(INTERNAL_ERROR, SERVER_MESSAGES.internal, null));
  });
  app.setNotFoundHandler((request, reply) =>
    sendNotFound(reply, request.method, request.url.split('?')[0] ?? ''),
  );
}
