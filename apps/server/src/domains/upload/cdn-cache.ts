import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The processed-image cache (CDN variants and seed photos) is pruned back under this size. */
export const CDN_CACHE_MAX_BYTES = 512 * 1024 * 1024;
/** A prune frees down to this share of the limit, so it does not run again at once. */
const PRUNE_TO = 0.8;
/** A temp file older than this is a write that died: removed. */
const STALE_TEMP_MS = 3_600_000;

interface CachedFile {
  path: string;
  size: number;
  usedAt: number;
}

async function listFiles(dir: string): Promise<CachedFile[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: CachedFile[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(path)));
    else if (entry.isFile()) {
      const info = await stat(path).catch(() => null);
      if (info) files.push({ path, size: info.size, usedAt: info.mtimeMs });
    }
  }
  return files;
}

/** Marks a cached file as just used (its mtime), so pruning removes the least recently used first. */
function touchCached(path: string): void {
  const now = new Date();
  utimes(path, now, now).catch(() => undefined);
}

/** Cache files being made in this process: concurrent requests for one wait for the same make. */
const making = new Map<string, Promise<string>>();

/**
 * The cache file at `path`, made by `make` (writing to the temp path it is given) when missing:
 * written beside it and renamed into place, so a reader never sees half a file; a failed make
 * leaves nothing. Concurrent misses of one path make it once. A hit counts as a use for pruning.
 */
export async function cachedFile(path: string, make: (temp: string) => Promise<void>): Promise<string> {
  try {
    await stat(path);
    touchCached(path);
    return path;
  } catch {
    // Not cached yet: make it below (or wait for the request already making it).
  }
  const inFlight = making.get(path);
  if (inFlight) return inFlight;
  const made = (async () => {
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await make(temp);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return path;
  })().finally(() => making.delete(path));
  making.set(path, made);
  return made;
}

export interface PruneResult {
  removedFiles: number;
  removedBytes: number;
  keptBytes: number;
}

/**
 * Keeps the cache under `maxBytes`: when it is over, the least recently used files go until it
 * is under {@link PRUNE_TO} of it; dead temp files always go. A file removed while a request reads
 * it is still read to its end (POSIX), and the next request makes it again.
 */
export async function pruneCdnCache(
  dir: string,
  maxBytes = CDN_CACHE_MAX_BYTES,
  now = Date.now(),
): Promise<PruneResult> {
  const files = await listFiles(dir);
  const result: PruneResult = { removedFiles: 0, removedBytes: 0, keptBytes: 0 };
  const remove = async (file: CachedFile) => {
    await rm(file.path, { force: true });
    result.removedFiles++;
    result.removedBytes += file.size;
  };
  const kept: CachedFile[] = [];
  for (const file of files) {
    if (file.path.endsWith('.tmp')) {
      if (now - file.usedAt > STALE_TEMP_MS) await remove(file);
    } else kept.push(file);
  }
  let total = kept.reduce((sum, file) => sum + file.size, 0);
  if (total > maxBytes) {
    kept.sort((a, b) => a.usedAt - b.usedAt);
    while (kept.length > 0 && total > maxBytes * PRUNE_TO) {
      const oldest = kept.shift() as CachedFile;
      await remove(oldest);
      total -= oldest.size;
    }
  }
  result.keptBytes = total;
  return result;
}
