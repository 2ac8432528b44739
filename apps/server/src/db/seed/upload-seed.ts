import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../client';
import { fileTypes, uploadApps } from '../schema';

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const MAX_BYTES = 100 * 1024 * 1024;

/**
 * The upload apps of every installation, without their secrets: 'community-h5' (the H5's own;
 * public-read, an open client) and 'community-h5-private' (private ACL). Their backstage codes,
 * server-upload access token and secret and open client id are configuration (secrets.ts:
 * UPLOAD_APP_SECRETS, else generated once per data directory), never fixed values.
 */
export const UPLOAD_APP_DEFINITIONS = [
  {
    appId: 'community-h5',
    name: '社区H5',
    open: { sysCode: 'community', channel: 'h5' },
    folder: 'community-h5',
    defaultAcl: 'public-read',
    maxBytes: MAX_BYTES,
    abroad: false,
  },
  {
    appId: 'community-h5-private',
    name: '社区H5（私有）',
    open: null,
    folder: 'community-h5-private',
    defaultAcl: 'private',
    maxBytes: MAX_BYTES,
    abroad: false,
  },
] as const;

export type UploadAppId = (typeof UPLOAD_APP_DEFINITIONS)[number]['appId'];

const secretText = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9._~-]+$/, 'letters, digits and ._~- only');

const appSecretSchema = z
  .object({
    backstageCode: secretText(16, 64),
    accessToken: secretText(16, 128),
    accessSecret: secretText(32, 128),
  })
  .strict();

/**
 * What identifies a caller as each upload app, from configuration (secrets.ts): the backstageCode
 * of the `auth` gateway and the server upload, the server upload's accessToken and the secret of
 * its signature, and the open gateway's openObject.clientId for the app with an open client.
 */
export const uploadAppSecretsSchema = z
  .object({
    'community-h5': appSecretSchema.extend({ openClientId: secretText(8, 64) }),
    'community-h5-private': appSecretSchema,
  })
  .strict();

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Fresh secrets for the seeded upload apps. */
export function generateUploadAppSecrets(): UploadAppSecrets {
  const app = () => ({
    backstageCode: `bc_${random(18)}`,
    accessToken: `h5at-${randomBytes(16).toString('hex')}`,
    accessSecret: randomBytes(32).toString('hex'),
  });
  return {
    'community-h5': { ...app(), openClientId: `h5-open-${randomBytes(8).toString('hex')}` },
    'community-h5-private': app(),
  };
}

export type UploadAppSecrets = z.infer<typeof uploadAppSecretsSchema>;

/**
 * Makes the upload_apps rows follow the configuration (every start): missing apps are inserted,
 * and the secrets of existing rows, the fixed ones older versions seeded included, are replaced.
 */
export async function syncUploadApps(db: Executor, secrets: UploadAppSecrets): Promise<void> {
  const rows = UPLOAD_APP_DEFINITIONS.map(({ open, ...app }) => {
    const secret = secrets[app.appId];
    return {
      ...app,
      backstageCode: secret.backstageCode,
      accessToken: secret.accessToken,
      accessSecret: secret.accessSecret,
      openClientId: open && 'openClientId' in secret ? secret.openClientId : null,
      openSysCode: open?.sysCode ?? null,
      openChannel: open?.channel ?? null,
    };
  });
  await db
    .insert(uploadApps)
    .values(rows)
    .onConflictDoUpdate({
      target: uploadApps.appId,
      set: {
        backstageCode: sql`excluded.backstage_code`,
        accessToken: sql`excluded.access_token`,
        accessSecret: sql`excluded.access_secret`,
        openClientId: sql`excluded.open_client_id`,
      },
    });
}

/** The file-type enum (docs/upload-protocol.md §7): suffix → type and content type. */
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
 * Inserts the file types that are missing (idempotent): they are configuration, so databases
 * seeded before the upload issue get them too. The upload apps come from syncUploadApps.
 */
export async function insertUploadSeed(db: Executor): Promise<void> {
  await db
    .insert(fileTypes)
    .values([...SEED_FILE_TYPES])
    .onConflictDoNothing();
}
