import fastifyCookie from '@fastify/cookie';
import { contract } from '@h5/contract';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';
import { registerFlowType } from './flow-type';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const echoed = async (headers: Record<string, string>, cookies?: Record<string, string>) => {
  const res = await t.signedInject(
    contract.config.clientIp,
    {},
    { headers, ...(cookies ? { cookies } : {}) },
  );
  return res.headers['x-flow-type'];
};

describe('flow-type (traffic colouring)', () => {
  it('echoes a valid x-flow-type header', async () => {
    expect(await echoed({ 'x-flow-type': 'feature-a_2' })).toBe('feature-a_2');
  });

  it('falls back to the flowType cookie', async () => {
    expect(await echoed({}, { flowType: 'from-cookie' })).toBe('from-cookie');
    expect(await echoed({ 'x-flow-type': 'not valid!' }, { flowType: 'from-cookie' })).toBe('from-cookie');
  });

  it('ignores anything but a short token', async () => {
    for (const bad of ['has space', '<script>', 'a'.repeat(65), 'semi;colon', '']) {
      expect(await echoed({ 'x-flow-type': bad })).toBeUndefined();
    }
    expect(await echoed({ 'x-flow-type': 'a'.repeat(64) })).toBe('a'.repeat(64));
  });

  it('binds the value to the request logger', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = (bindings: Record<string, unknown>): FastifyBaseLogger => {
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
        child: (more: Record<string, unknown>) => logger({ ...bindings, ...more }),
      } as unknown as FastifyBaseLogger;
    };
    const app = Fastify({
      loggerInstance: logger({}),
      logController: new LogController({ disableRequestLogging: true }),
    });
    await app.register(fastifyCookie);
    registerFlowType(app);
    app.get('/probe', (request) => {
      request.log.info('probe');
      return { flowType: request.flowType };
    });
    const res = await app.inject({ method: 'GET', url: '/probe', headers: { 'x-flow-type': 'green' } });
    expect(res.json()).toEqual({ flowType: 'green' });
    expect(lines.find((line) => line.msg === 'probe')).toMatchObject({ flowType: 'green' });
    const plain = await app.inject({ method: 'GET', url: '/probe' });
    expect(plain.json()).toEqual({ flowType: null });
    await app.close();
  });
});
