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

  it('names an object by the first 128 bits of its sha256, written in ~1 MiB batches', async () => {
    const store = new LocalDiskStore(root);
    const body = Buffer.alloc(3 * 1024 * 1024 + 5, 7);
    const chunks = Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) =>
      body.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const info = await store.put('bkt-c', 'k/batched.bin', Readable.from(chunks), { contentType: 'x/y' });
    const sha = createHash('sha256').update(body).digest('hex');
    expect(info).toEqual({ size: body.length, etag: sha.slice(0, 32) });
    const got = await store.get('bkt-c', 'k/batched.bin');
    const read: Buffer[] = [];
    for await (const chunk of got?.body ?? []) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(body)).toBe(true);
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
