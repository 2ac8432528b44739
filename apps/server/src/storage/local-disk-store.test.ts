import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from './local-disk-store';
import { describeObjectStore } from './store-behaviour';

const root = mkdtempSync(join(tmpdir(), 'h5-local-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalDiskStore', () => {
  describeObjectStore(() => new LocalDiskStore(root));

  it('names an object by its 1 MiB blocks’ sha256s, whatever chunks the bytes arrive in', async () => {
    const store = new LocalDiskStore(root);
    const body = Buffer.alloc(3 * 1024 * 1024 + 5);
    for (let i = 0; i < body.length; i++) body[i] = (i * 31) % 251;
    const chunked = (size: number) =>
      Readable.from(
        Array.from({ length: Math.ceil(body.length / size) }, (_, i) =>
          body.subarray(i * size, (i + 1) * size),
        ),
      );
    const blocks = [0, 1, 2, 3].map((i) => body.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    const expected = createHash('sha256');
    for (const block of blocks) expected.update(createHash('sha256').update(block).digest());
    const etag = expected.digest('hex').slice(0, 32);

    const a = await store.put('bkt-c', 'k/a.bin', chunked(65_536), { contentType: 'x/y' });
    const b = await store.put('bkt-c', 'k/b.bin', chunked(1_000_003), { contentType: 'x/y' });
    expect(a).toEqual({ size: body.length, etag });
    expect(b).toEqual(a);
    const got = await store.get('bkt-c', 'k/b.bin');
    const read: Buffer[] = [];
    for await (const chunk of got?.body ?? []) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(body)).toBe(true);
    // Another byte, another ETag.
    body.writeUInt8(body.readUInt8(body.length - 1) ^ 1, body.length - 1);
    expect((await store.put('bkt-c', 'k/c.bin', chunked(65_536), { contentType: 'x/y' })).etag).not.toBe(
      etag,
    );
  });

  it('leaves no temp file behind after a refused write, and writes under root/bucket/key', async () => {
    const store = new LocalDiskStore(root);
    const big = Readable.from([Buffer.alloc(2000)]);
    await expect(
      store.put('bkt-b', 'k/too-big', big, { contentType: 'x/y', maxBytes: 10 }),
    ).rejects.toThrow();
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
    await store.put('bkt-b', 'k/fine', Readable.from([Buffer.from('ok')]), { contentType: 'x/y' });
    expect(readdirSync(join(root, 'bkt-b', 'k'))).toEqual(['fine']);
  });
});
