// Test-only: the behaviour every ObjectStore must show, run by each backend's test file.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import type { ObjectStore } from './object-store';

const bytes = (text: string) => Readable.from([Buffer.from(text)]);

/** Registers the shared ObjectStore tests for the store `make()` gives. */
export function describeObjectStore(make: () => ObjectStore) {
  it('puts, heads, gets and deletes an object (a 128-bit hex ETag)', async () => {
    const store = make();
    const info = await store.put('bkt-a', 'a/b/hello.txt', bytes('hello world'), {
      contentType: 'text/plain',
    });
    // Local: a sha256 prefix; S3: the service's md5. Either way 128 bits of hex, stable on head.
    expect(info).toEqual({ size: 11, etag: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await store.head('bkt-a', 'a/b/hello.txt')).toEqual(info);
    const got = await store.get('bkt-a', 'a/b/hello.txt');
    expect(got?.size).toBe(11);
    expect((await buffer(got?.body as Readable)).toString()).toBe('hello world');
    await store.delete('bkt-a', 'a/b/hello.txt');
    expect(await store.head('bkt-a', 'a/b/hello.txt')).toBeNull();
    expect(await store.get('bkt-a', 'a/b/hello.txt')).toBeNull();
    await store.delete('bkt-a', 'a/b/hello.txt');
  });

  it('refuses a body over maxBytes or under minBytes and keeps the old object', async () => {
    const store = make();
    await store.put('bkt-a', 'limits/x', bytes('old'), { contentType: 'text/plain' });
    const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(
      store.put('bkt-a', 'limits/x', big, { contentType: 'text/plain', maxBytes: 1000 }),
    ).rejects.toMatchObject({
      code: 'EntityTooLarge',
    });
    await expect(
      store.put('bkt-a', 'limits/x', bytes('ab'), { contentType: 'text/plain', minBytes: 3 }),
    ).rejects.toMatchObject({
      code: 'EntityTooSmall',
    });
    const got = await store.get('bkt-a', 'limits/x');
    expect((await buffer(got?.body as Readable)).toString()).toBe('old');
  });

  it('refuses key tricks', async () => {
    const store = make();
    for (const key of [
      '../x',
      'a/../../x',
      '/abs',
      'a//b',
      'a\\b',
      'a/./b',
      'a%2e%2e/b',
      'nul\0',
      'a/',
      'x'.repeat(513),
    ]) {
      await expect(
        store.put('bkt-a', key, bytes('x'), { contentType: 'text/plain' }),
        key,
      ).rejects.toMatchObject({
        code: 'InvalidObjectName',
      });
    }
    await expect(store.put('../etc', 'k', bytes('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
      code: 'InvalidObjectName',
    });
  });

  it('multipart: parts replace, list in order, complete joins them, abort removes the staging', async () => {
    const store = make();
    const uploadId = await store.createMultipart('bkt-a', 'mp/big.bin', 'application/octet-stream');
    await store.putPart('bkt-a', 'mp/big.bin', uploadId, 2, bytes('world'), 100);
    const first = await store.putPart('bkt-a', 'mp/big.bin', uploadId, 1, bytes('HELLO '), 100);
    const replaced = await store.putPart('bkt-a', 'mp/big.bin', uploadId, 1, bytes('hello '), 100);
    expect(replaced.etag).not.toBe(first.etag);
    const parts = await store.listParts('bkt-a', 'mp/big.bin', uploadId);
    expect(parts.map((p) => [p.partNumber, p.size])).toEqual([
      [1, 6],
      [2, 5],
    ]);
    await expect(
      store.completeMultipart('bkt-a', 'mp/big.bin', uploadId, [{ partNumber: 1, etag: first.etag }], {
        contentType: 'application/octet-stream',
      }),
    ).rejects.toMatchObject({ code: 'InvalidPart' });
    await expect(
      store.putPart('bkt-a', 'mp/big.bin', uploadId, 3, bytes('x'.repeat(101)), 100),
    ).rejects.toMatchObject({ code: 'EntityTooLarge' });
    const info = await store.completeMultipart(
      'bkt-a',
      'mp/big.bin',
      uploadId,
      parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
      { contentType: 'application/octet-stream' },
    );
    expect(info.size).toBe(11);
    const got = await store.get('bkt-a', 'mp/big.bin');
    expect((await buffer(got?.body as Readable)).toString()).toBe('hello world');

    const other = await store.createMultipart('bkt-a', 'mp/other.bin', 'application/octet-stream');
    await store.putPart('bkt-a', 'mp/other.bin', other, 1, bytes('x'), 100);
    await store.abortMultipart('bkt-a', 'mp/other.bin', other);
    expect(await store.listParts('bkt-a', 'mp/other.bin', other).catch(() => [])).toEqual([]);
  });

  it('multipart: concurrent writers of one part number leave exactly one part, a writer’s own', async () => {
    const store = make();
    for (let round = 0; round < 10; round++) {
      const uploadId = await store.createMultipart('bkt-a', 'mp/race.bin', 'application/octet-stream');
      const bodies = ['first writer', 'the second writer', 'a third writer, longer'];
      const written = await Promise.all(
        bodies.map((body) => store.putPart('bkt-a', 'mp/race.bin', uploadId, 1, bytes(body), 100)),
      );
      const held = await store.listParts('bkt-a', 'mp/race.bin', uploadId);
      expect(held.map((part) => part.partNumber)).toEqual([1]);
      const winner = written.findIndex((part) => part.etag === held[0]?.etag);
      expect(winner).toBeGreaterThanOrEqual(0);
      expect(held[0]?.size).toBe(bodies[winner]?.length);
      await store.abortMultipart('bkt-a', 'mp/race.bin', uploadId);
    }
  });
}
