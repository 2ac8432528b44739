import { FLOW_TYPE_HEADER, FLOW_TYPE_KEY } from '@h5/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's flow-type (traffic colouring, spec §3), validated; null when absent or refused. */
    flowType: string | null;
  }
}

/** A colouring value: a short token; anything else is ignored, never echoed or logged. */
const FLOW_TYPE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const valid = (value: string | string[] | undefined): string | null => {
  const first = Array.isArray(value) ? value[0] : value;
  return first !== undefined && FLOW_TYPE_PATTERN.test(first) ? first : null;
};

/** The `x-flow-type` header, else the `flowType` cookie (what the page stored, spec §3). */
export const flowTypeOf = (request: FastifyRequest): string | null =>
  valid(request.headers[FLOW_TYPE_HEADER]) ?? valid(request.cookies?.[FLOW_TYPE_KEY]);

/**
 * Traffic colouring: every request's flow-type is read once, bound to its logger (`flowType`
 * on each line), echoed as the `x-flow-type` response header, and kept on `request.flowType`
 * (telemetry stores it). Registered after the cookie plugin, whose onRequest hook parses cookies.
 */
export function registerFlowType(app: FastifyInstance) {
  app.decorateRequest('flowType', null);
  app.addHook('onRequest', async (request, reply) => {
    const flowType = flowTypeOf(request);
    if (flowType === null) return;
    request.flowType = flowType;
    const log = request.log.child({ flowType });
    request.log = log;
    reply.log = log;
    reply.header(FLOW_TYPE_HEADER, flowType);
  });
}
