import type { UploadToken } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { createTokenSource, isCredentialRefusal } from './token-source';

const token = (n: number, expiresAt: number) =>
  ({ securityToken: `sts-${n}`, expiration: new Date(expiresAt).toISOString() }) as UploadToken;

describe('token source', () => {
  it('reuses a token with more than 60 s left, and fetches a new one after', async () => {
    let now = 1_000_000;
    let n = 0;
    const source = createTokenSource(
      async () => token(++n, now + 120_000),
      () => now,
    );
    const request = { fileName: 'a', type: 'image' };
    const first = await source.get(request);
    now += 59_000;
    expect(await source.get(request)).toBe(first);
    now += 2000; // 59 s left
    expect((await source.get(request)).securityToken).toBe('sts-2');
  });

  it('keeps one token per folder or type, and shares one request between concurrent callers', async () => {
    let calls = 0;
    const source = createTokenSource(async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return token(calls, Date.now() + 600_000);
    }, Date.now);
    const [a, b] = await Promise.all([
      source.get({ fileName: 'a', type: 'image' }),
      source.get({ fileName: 'b', type: 'image' }),
    ]);
    expect(a).toBe(b);
    expect(calls).toBe(1);
    await source.get({ fileName: 'c', type: 'image', folder: 'feedback' });
    expect(calls).toBe(2);
  });

  it('refreshes a refused token once for every caller holding it', async () => {
    let calls = 0;
    const source = createTokenSource(async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return token(calls, Date.now() + 600_000);
    }, Date.now);
    const request = { fileName: 'a', type: 'video' };
    const stale = await source.get(request);
    const fresh = await Promise.all([1, 2, 3].map(() => source.refresh(request, stale)));
    expect(new Set(fresh.map((t) => t.securityToken))).toEqual(new Set(['sts-2']));
    // A caller that meets the refusal late gets the already-refreshed token, no third request.
    expect((await source.refresh(request, stale)).securityToken).toBe('sts-2');
    expect(calls).toBe(2);
  });

  it('tells a refused credential from other refusals', () => {
    expect(isCredentialRefusal({ code: 'SecurityTokenExpired' })).toBe(true);
    expect(
      isCredentialRefusal({ code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' }),
    ).toBe(true);
    expect(isCredentialRefusal({ code: 'AccessDenied', message: 'Policy Condition failed' })).toBe(false);
    expect(isCredentialRefusal({ code: 'SignatureDoesNotMatch' })).toBe(false);
  });
});
