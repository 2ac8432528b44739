import { INTERNAL_ERROR, NOT_FOUND } from '@h5/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerEnvelope } from './envelope';
import { AppError } from './errors';

describe('error envelope', () => {
  it('turns an unexpected error into a logged 500 envelope without details', async () => {
    const app = Fastify({ logger: false });
    registerEnvelope(app);
    const logged: unknown[] = [];
    app.addHook('onError', async (_request, _reply, error) => {
      logged.push(error);
    });
    app.get('/boom', async () => {
      throw new Error('secret stack detail');
    });
    app.get('/business', async () => {
      throw new AppError(NOT_FOUND, 'nothing here');
    });
    const boom = await app.inject('/boom');
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ code: INTERNAL_ERROR, msg: '服务器开小差了，请稍后重试', data: null });
    expect(boom.body).not.toMatch(/secret/);
    expect(logged).toHaveLength(1);
    const business = await app.inject('/business');
    expect(business.statusCode).toBe(200);
    expect(business.json()).toEqual({ code: NOT_FOUND, msg: 'nothing here', data: null });
    await app.close();
  });
});
