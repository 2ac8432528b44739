import { endpoint } from '@h5/contract';
import { signParams } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRequest, toQuery } from './build-request';

const SECRET = 'unit-secret';
const get = endpoint({
  domain: 'content',
  method: 'GET',
  path: '/x/v1/items/:itemId',
  auth: 'common',
  request: z.object({ itemId: z.number(), limit: z.number(), tags: z.array(z.string()).optional() }),
  response: z.unknown(),
});
const post = endpoint({
  domain: 'lottery',
  method: 'POST',
  path: '/x/v1/address',
  auth: 'login',
  request: z.object({ name: z.string(), no: z.number() }),
  response: z.unknown(),
});

describe('buildRequest', () => {
  it('GET: path parameters filled and not signed, params and sign in the query', () => {
    const wire = buildRequest(get, { itemId: 7, limit: 20, tags: ['a', 'b'] }, SECRET);
    const sign = signParams({ limit: 20, tags: ['a', 'b'] }, SECRET);
    expect(wire).toEqual({
      method: 'GET',
      url: `/x/v1/items/7?limit=20&tags=%5B%22a%22%2C%22b%22%5D&sign=${sign}`,
      headers: {},
      body: undefined,
    });
  });

  it('POST: sign in the query, JSON body', () => {
    const wire = buildRequest(post, { name: '张三', no: 3 }, SECRET);
    expect(wire.url).toBe(`/x/v1/address?sign=${signParams({ name: '张三', no: 3 }, SECRET)}`);
    expect(wire.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(wire.body ?? '')).toEqual({ name: '张三', no: 3 });
  });

  it('POST with a requestId in the body: the same id as Idempotency-Key, for the balancer; none without', () => {
    const withId = endpoint({
      ...post,
      request: z.object({ text: z.string(), requestId: z.string() }),
    });
    const requestId = '0b6f8a52-3c1d-4e7f-9a2b-5d4c3b2a1f00';
    const wire = buildRequest(withId, { text: '好', requestId }, SECRET);
    expect(wire.headers).toEqual({ 'idempotency-key': requestId, 'content-type': 'application/json' });
    expect(JSON.parse(wire.body ?? '')).toEqual({ text: '好', requestId });
    expect(buildRequest(post, { name: 'a', no: 1 }, SECRET).headers).not.toHaveProperty('idempotency-key');
  });

  it('POST form-encoded where the contract says so', () => {
    const wire = buildRequest({ ...post, encoding: 'form' }, { name: 'a b', no: 3 }, SECRET);
    expect(wire.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(wire.body).toBe('name=a+b&no=3');
  });

  it('lets a test replace or drop the sign', () => {
    expect(buildRequest(post, { name: 'a', no: 1 }, SECRET, { sign: 'forged' }).url).toBe(
      '/x/v1/address?sign=forged',
    );
    expect(buildRequest(post, { name: 'a', no: 1 }, SECRET, { sign: false }).url).toBe('/x/v1/address?');
  });

  it('toQuery skips undefined and serialises objects', () => {
    expect(toQuery({ a: undefined, b: { c: 1 }, d: null })).toBe('b=%7B%22c%22%3A1%7D&d=null');
  });
});
