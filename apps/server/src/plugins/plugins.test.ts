import { contract } from '@h5/contract';
import { BAD_REQUEST, NOT_FOUND, SIGN_INVALID, SUCCESS, signParams } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequestBody, createTestApp, TEST_SIGN_SECRET, type TestApp } from '../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign check (spec §5)', () => {
  it('accepts a GET signed like the browser client', async () => {
    const res = await t.signedInject(contract.content.moreRecommend, { limit: 3 });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(SUCCESS);
  });

  it('refuses a missing sign with 403 SIGN_INVALID', async () => {
    const res = await t.signedInject(contract.config.clientIp, {}, { sign: false });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: SIGN_INVALID, msg: '请求缺少签名（sign）', data: null });
  });

  it('refuses a wrong sign with 403 SIGN_INVALID', async () => {
    const res = await t.signedInject(contract.content.moreRecommend, { limit: 3 }, { sign: 'deadbeef' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: SIGN_INVALID, msg: '请求签名（sign）不正确' });
  });

  it('checks a POST sign over the body, sent in the query string', async () => {
    const body = { kind: 'timeout', message: 'timeout of 10000 ms exceeded', pageUrl: '/x' };
    const sign = signParams(body, TEST_SIGN_SECRET);
    const ok = await t.app.inject({
      method: 'POST',
      url: `${contract.analytics.reportTelemetry.path}?sign=${sign}`,
      payload: body,
    });
    expect(ok.json().code).toBe(SUCCESS);
    const tampered = await t.app.inject({
      method: 'POST',
      url: `${contract.analytics.reportTelemetry.path}?sign=${sign}`,
      payload: { ...body, message: 'changed' },
    });
    expect(tampered.statusCode).toBe(403);
  });
});

describe('envelope and errors', () => {
  it('wraps data as { code, msg, data }', async () => {
    const res = await t.signedInject(contract.config.epDyeing, {});
    expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'msg']);
    expect(res.body.code).toBe(SUCCESS);
    expect(typeof res.body.msg).toBe('string');
  });

  it('answers malformed input with HTTP 400 naming the field', async () => {
    const res = await t.signedInject(contract.content.moreRecommend, { limit: 41 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequestBody('limit: 数值过大：期望 number <=40'));
  });

  it('answers bad JSON with a 400 envelope, not HTML', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${contract.analytics.reportTelemetry.path}?sign=x`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: BAD_REQUEST, data: null });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/sns-nothing/v1/here?sign=x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: NOT_FOUND, data: null });
    }
  });
});

describe('health check', () => {
  it('answers 200 when the database answers (the same as /readyz)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ready' } });
  });
});
