import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneCdnCache } from './cdn-cache';

async function cacheWith(files: { name: string; size: number; ageMs: number }[], now: number) {
  const dir = await mkdtemp(join(tmpdir(), 'cdn-cache-'));
  for (const file of files) {
    const path = join(dir, file.name);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, Buffer.alloc(file.size));
    const at = new Date(now - file.ageMs);
    await utimes(path, at, at);
  }
  return dir;
}

const listed = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();

describe('CDN cache pruning', () => {
  const now = Date.now();

  it('leaves a cache under its limit alone', async () => {
    const dir = await cacheWith([{ name: 'ab/one', size: 100, ageMs: 10 }], now);
    expect(await pruneCdnCache(dir, 1000, now)).toEqual({ removedFiles: 0, removedBytes: 0, keptBytes: 100 });
    expect(await listed(dir)).toEqual(['one']);
  });

  it('over its limit, removes the least recently used files down to 80 % of it', async () => {
    const dir = await cacheWith(
      [
        { name: 'aa/oldest', size: 400, ageMs: 5000 },
        { name: 'bb/older', size: 400, ageMs: 4000 },
        { name: 'seed/cc/recent', size: 400, ageMs: 10 },
        { name: 'dd/newest', size: 400, ageMs: 1 },
      ],
      now,
    );
    const result = await pruneCdnCache(dir, 1000, now);
    expect(result).toEqual({ removedFiles: 2, removedBytes: 800, keptBytes: 800 });
    expect(await listed(dir)).toEqual(['newest', 'recent']);
  });

  it('removes temp files of writes that died, not those being written', async () => {
    const dir = await cacheWith(
      [
        { name: 'aa/x.1.tmp', size: 10, ageMs: 2 * 3_600_000 },
        { name: 'aa/y.2.tmp', size: 10, ageMs: 1000 },
      ],
      now,
    );
    expect((await pruneCdnCache(dir, 1000, now)).removedFiles).toBe(1);
    expect(await listed(dir)).toEqual(['y.2.tmp']);
  });

  it('treats a missing cache folder as empty', async () => {
    expect(await pruneCdnCache(join(tmpdir(), 'no-such-cache-folder'), 10, now)).toEqual({
      removedFiles: 0,
      removedBytes: 0,
      keptBytes: 0,
    });
  });
});
