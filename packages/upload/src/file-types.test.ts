import { upload } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import type { UploadDeps } from './config';
import { FILE_TYPES_STORAGE_KEY } from './file-types';
import { baseConfig, FILE_TYPES, memoryStorage } from './test-utils';
import { createUploader } from './uploader';

function countingApi() {
  const calls: string[] = [];
  const api: UploadDeps['api'] = async (endpoint) => {
    calls.push(endpoint.path);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return structuredClone(FILE_TYPES) as never;
  };
  return { api, calls };
}

describe('file-type enum', () => {
  it('is fetched once, shared by concurrent callers, and kept in session storage', async () => {
    const { api, calls } = countingApi();
    const session = memoryStorage();
    const uploader = createUploader(baseConfig(), { api, storage: { session, local: memoryStorage() } });
    const [a, b] = await Promise.all([uploader.getFileTypes(), uploader.getFileTypes()]);
    expect(a).toEqual(FILE_TYPES);
    expect(b).toBe(a);
    expect(calls).toEqual([upload.fileTypes.path]);
    expect(JSON.parse(session.getItem(FILE_TYPES_STORAGE_KEY) ?? 'null')).toEqual(FILE_TYPES);
    await uploader.getFileTypes();
    expect(calls).toHaveLength(1);

    // Another page of the same session (a new uploader) reads the cache: a hit, no request.
    const next = countingApi();
    const again = createUploader(baseConfig(), {
      api: next.api,
      storage: { session, local: memoryStorage() },
    });
    expect(await again.getFileTypes()).toEqual(FILE_TYPES);
    expect(next.calls).toEqual([]);
  });

  it('fetches again over a damaged cache entry, and a failed fetch is not cached', async () => {
    const session = memoryStorage();
    session.setItem(FILE_TYPES_STORAGE_KEY, '{"image":');
    let fail = true;
    const calls: string[] = [];
    const api: UploadDeps['api'] = async (endpoint) => {
      calls.push(endpoint.path);
      if (fail) throw Object.assign(new Error('Network Error'), { code: 0 });
      return structuredClone(FILE_TYPES) as never;
    };
    const uploader = createUploader(baseConfig(), { api, storage: { session, local: memoryStorage() } });
    await expect(uploader.getFileTypes()).rejects.toMatchObject({
      name: 'UploadError',
      message: 'Network Error',
    });
    fail = false;
    expect(await uploader.getFileTypes()).toEqual(FILE_TYPES);
    expect(calls).toHaveLength(2);
  });
});
