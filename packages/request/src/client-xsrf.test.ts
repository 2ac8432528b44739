import { afterEach, describe, expect, it, vi } from 'vitest';
import { getItem, ok, postJson, setup } from './test-utils';

const input = { itemId: 1, limit: 2 };

afterEach(() => {
  vi.unstubAllGlobals();
});

// Spec §9 "HTTP client defaults: … XSRF cookie XSRF-TOKEN with header X-XSRF-TOKEN".
describe('XSRF-TOKEN cookie → X-XSRF-TOKEN header', () => {
  it('sends the page cookie XSRF-TOKEN as the X-XSRF-TOKEN header on every call', async () => {
    vi.stubGlobal('document', { cookie: 'duToken=a%7C1; XSRF-TOKEN=tok%2B1; other=x' });
    const { api, seen } = setup(() => ok({ title: 'x' }));
    await api(getItem, input);
    expect(seen[0]?.headers['X-XSRF-TOKEN']).toBe('tok+1');
  });

  it('reads the cookie again on each attempt', async () => {
    let cookie = '';
    const { api, seen } = setup(() => ok({ replyId: 1 }), { cookies: () => cookie });
    await api(postJson, { text: 'a' });
    cookie = 'XSRF-TOKEN=second';
    await api(postJson, { text: 'b' });
    expect(seen.map((r) => r.headers['X-XSRF-TOKEN'])).toEqual([undefined, 'second']);
  });

  it('sends no header without the cookie, or without a document (Node)', async () => {
    const { api, seen } = setup(() => ok({ title: 'x' }));
    await api(getItem, input);
    vi.stubGlobal('document', { cookie: 'duToken=a' });
    await api(getItem, input);
    expect(seen.map((r) => Object.keys(r.headers).some((h) => h.toLowerCase() === 'x-xsrf-token'))).toEqual([
      false,
      false,
    ]);
  });
});
