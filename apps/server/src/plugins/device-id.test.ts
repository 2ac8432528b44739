import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerDeviceId } from './device-id';

/** A logger that records every line with its bindings. */
function recordingLogger(
  lines: Record<string, unknown>[],
  bindings: Record<string, unknown> = {},
): FastifyBaseLogger {
  const write = (object: unknown, message?: string) =>
    lines.push(
      typeof object === 'string'
        ? { ...bindings, msg: object }
        : { ...bindings, ...(object as object), msg: message },
    );
  return {
    level: 'info',
    info: write,
    error: write,
    warn: write,
    debug: write,
    fatal: write,
    trace: write,
    silent: () => {},
    child: (more: Record<string, unknown>) => recordingLogger(lines, { ...bindings, ...more }),
  } as unknown as FastifyBaseLogger;
}

describe('x-device-id (the app device id of platform info, spec §3)', () => {
  it('binds a valid id to the request logger and ignores anything else', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      loggerInstance: recordingLogger(lines),
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerDeviceId(app);
    app.get('/probe', (request) => {
      request.log.info('probe');
      return { deviceId: request.deviceId };
    });
    const probe = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/probe', headers });

    const res = await probe({ 'x-device-id': 'duid-3f2a9c' });
    expect(res.json()).toEqual({ deviceId: 'duid-3f2a9c' });
    expect(lines.find((line) => line.msg === 'probe')).toMatchObject({ deviceId: 'duid-3f2a9c' });

    for (const bad of ['has space', '<script>', 'a'.repeat(129), '']) {
      lines.length = 0;
      expect((await probe({ 'x-device-id': bad })).json(), bad).toEqual({ deviceId: null });
      expect(
        lines.find((line) => line.msg === 'probe'),
        bad,
      ).not.toHaveProperty('deviceId');
    }
    expect((await probe({})).json()).toEqual({ deviceId: null });
    await app.close();
  });
});
