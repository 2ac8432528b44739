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
