import type { Db } from '../client';
import { fileTypes, uploadApps } from '../schema';
import { Random } from './random';

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Its own stream, so the app secrets do not shift when the demo content generator changes. */
const UPLOAD_SEED = 0x5eed_0005;
const MAX_BYTES = 100 * 1024 * 1024;

/** A hex string from the seed's deterministic random (development values, not real secrets). */
function hex(random: Random, bytes: number): string {
  let out = '';
  for (let i = 0; i < bytes; i++) out += random.int(0, 255).toString(16).padStart(2, '0');
  return out;
}

function generateUploadApps() {
  const random = new Random(UPLOAD_SEED);
  const h5 = {
    appId: 'community-h5',
    name: '社区H5',
    backstageCode: 'community-h5-backstage',
    accessToken: `h5at-${hex(random, 16)}`,
    accessSecret: hex(random, 32),
    openClientId: `h5-open-${hex(random, 4)}`,
    openSysCode: 'community',
    openChannel: 'h5',
    folder: 'community-h5',
    defaultAcl: 'public-read',
    maxBytes: MAX_BYTES,
    abroad: false,
  };
  const privateApp = {
    appId: 'community-h5-private',
    name: '社区H5（私有）',
    backstageCode: 'community-h5-private-backstage',
    accessToken: `h5at-${hex(random, 16)}`,
    accessSecret: hex(random, 32),
    openClientId: null,
    openSysCode: null,
    openChannel: null,
    folder: 'community-h5-private',
    defaultAcl: 'private',
    maxBytes: MAX_BYTES,
    abroad: false,
  };
  return [h5, privateApp] as const;
}

/**
 * The upload apps of development and tests: 'community-h5' (the H5's own; public-read, an open
 * client) and 'community-h5-private' (private ACL). Exported so tests and tools can sign as them.
 */
export const SEED_UPLOAD_APPS = generateUploadApps();

/** The file-type enum (docs/upload-protocol.md §5): suffix → type and content type. */
export const SEED_FILE_TYPES: ReadonlyArray<{ suffix: string; type: string; mime: string }> = [
  { suffix: 'jpg', type: 'image', mime: 'image/jpeg' },
  { suffix: 'jpeg', type: 'image', mime: 'image/jpeg' },
  { suffix: 'png', type: 'image', mime: 'image/png' },
  { suffix: 'gif', type: 'image', mime: 'image/gif' },
  { suffix: 'webp', type: 'image', mime: 'image/webp' },
  { suffix: 'heic', type: 'image', mime: 'image/heic' },
  { suffix: 'bmp', type: 'image', mime: 'image/bmp' },
  { suffix: 'mp4', type: 'video', mime: 'video/mp4' },
  { suffix: 'mov', type: 'video', mime: 'video/quicktime' },
  { suffix: 'm4v', type: 'video', mime: 'video/x-m4v' },
  { suffix: 'webm', type: 'video', mime: 'video/webm' },
  { suffix: 'mp3', type: 'audio', mime: 'audio/mpeg' },
  { suffix: 'aac', type: 'audio', mime: 'audio/aac' },
  { suffix: 'wav', type: 'audio', mime: 'audio/wav' },
  { suffix: 'm4a', type: 'audio', mime: 'audio/mp4' },
  { suffix: 'pdf', type: 'document', mime: 'application/pdf' },
  { suffix: 'doc', type: 'document', mime: 'application/msword' },
  {
    suffix: 'docx',
    type: 'document',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  { suffix: 'xls', type: 'document', mime: 'application/vnd.ms-excel' },
  {
    suffix: 'xlsx',
    type: 'document',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  { suffix: 'txt', type: 'document', mime: 'text/plain' },
  { suffix: 'zip', type: 'archive', mime: 'application/zip' },
];

/**
 * Inserts the upload apps and file types that are missing (idempotent): they are configuration,
 * so databases seeded before the upload issue get them too.
 */
export async function insertUploadSeed(db: Executor): Promise<void> {
  await db
    .insert(uploadApps)
    .values([...SEED_UPLOAD_APPS])
    .onConflictDoNothing();
  await db
    .insert(fileTypes)
    .values([...SEED_FILE_TYPES])
    .onConflictDoNothing();
}
