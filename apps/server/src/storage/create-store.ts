import { join, resolve } from 'node:path';
import type { Env } from '../env';
import { LocalDiskStore } from './local-disk-store';
import type { ObjectStore } from './object-store';
import { S3Store } from './s3-store';

/** The store STORAGE_DRIVER names: files under DATA_DIR/objects (default) or the S3 bucket. */
export function createObjectStore(env: Env): ObjectStore {
  if (env.STORAGE_DRIVER === 's3') {
    // parseEnv refuses s3 without these, so they are set here.
    return new S3Store({
      endpoint: env.S3_ENDPOINT as string,
      region: env.S3_REGION as string,
      bucket: env.S3_BUCKET as string,
      accessKeyId: env.S3_ACCESS_KEY_ID as string,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStore(join(resolve(env.DATA_DIR), 'objects'));
}
