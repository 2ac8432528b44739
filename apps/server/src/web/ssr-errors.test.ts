import { contract } from '@h5/contract';
import { REQUEST_MESSAGES } from '@h5/core';
import { ApiError, isApiError } from '@h5/request';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';
import { createLoadContext } from './load-context';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const visitorContext = () =>
  createLoadContext(
    t.app,
    t.app.deps,
    { headers: {}, cookies: {} } as unknown as FastifyRequest,
    { header: () => undefined } as unknown as FastifyReply,
  );

/** The rejection of a promise. */
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

describe('a server-side call fails with the ApiError the browser sees (issue 13 point 4)', () => {
  it('a business refusal: kind business, the envelope code, HTTP 200', async () => {
    const error = await failureOf(
      visitorContext().api(contract.content.contentDetail, { contentId: 999_999 }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'business',
      code: 404,
      httpStatus: 200,
      message: '内容不存在或已被删除',
    });
  });

  it('a visitor on a login-only entry: kind auth, code 7999', async () => {
    const error = await failureOf(visitorContext().api(contract.auth.me, {}));
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'auth', code: 7999 });
  });

  it('malformed input: kind http, code and status 400, the field named beside a sentence for users', async () => {
    const error = await failureOf(visitorContext().api(contract.content.moreRecommend, { limit: 99 }));
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'http',
      code: 400,
      httpStatus: 400,
      message: REQUEST_MESSAGES.badRequest,
      fields: { limit: '数值过大：期望 number <=40' },
      serverMessage: 'limit: 数值过大：期望 number <=40',
    });
  });

  it('an ApiError made by another copy of the module (the web build bundles its own) is still one', async () => {
    // A query makes Vite load a second copy of the module, as a second bundle would carry.
    const secondCopy = '../../../../packages/request/src/api-error.ts?copy';
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof import('@h5/request');
    const foreign = new copy.ApiError('x', 404, 200, 'business');
    expect(copy.ApiError).not.toBe(ApiError);
    expect(isApiError(foreign)).toBe(true);
    expect(foreign instanceof ApiError).toBe(true);
    expect(isApiError({ code: 404, message: 'x' })).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});
