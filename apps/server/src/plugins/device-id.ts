import { DEVICE_ID_HEADER } from '@h5/core';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The app's device id (`x-device-id`, platform info's deviceId / duid / uuid), validated; null when absent. */
    deviceId: string | null;
  }
}

/** A device id: a short token (uuids, vendor ids); anything else is ignored, never logged. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * In the app, pages send the device id platform info gave them (spec §3: deviceId or duid
 * replaces uuid). It is bound to the request's logger (`deviceId` on each line), so one phone's
 * calls can be followed in the logs; it is a hint for operations, never an identity for limits
 * or sessions (the page can send anything).
 */
export function registerDeviceId(app: FastifyInstance) {
  app.decorateRequest('deviceId', null);
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.headers[DEVICE_ID_HEADER];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || !DEVICE_ID_PATTERN.test(value)) return;
    request.deviceId = value;
    const log = request.log.child({ deviceId: value });
    request.log = log;
    reply.log = log;
  });
}
