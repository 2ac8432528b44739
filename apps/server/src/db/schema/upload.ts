import type { ObjectAcl } from '@h5/contract';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const bytes = (name: string) => bigint(name, { mode: 'number' });

/**
 * Apps allowed to upload: who they are at each gateway (backstageCode for `auth`, the open client
 * for `open`, the access token and secret of the server upload), where their keys live and how big
 * an object may be. Seeded; an operator adds rows for new apps.
 */
export const uploadApps = pgTable('upload_apps', {
  appId: varchar('app_id', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  backstageCode: varchar('backstage_code', { length: 64 }).notNull().unique(),
  /** Server upload (media centre): the accessToken header and the secret its signature uses. */
  accessToken: varchar('access_token', { length: 128 }).notNull().unique(),
  accessSecret: varchar('access_secret', { length: 128 }).notNull(),
  /** Open gateway client (clientId, sysCode, channel), when the app may use it. */
  openClientId: varchar('open_client_id', { length: 64 }),
  openSysCode: varchar('open_sys_code', { length: 64 }),
  openChannel: varchar('open_channel', { length: 64 }),
  /** Root folder of the app's keys, e.g. 'community-h5'. */
  folder: varchar('folder', { length: 128 }).notNull(),
  defaultAcl: varchar('default_acl', { length: 16 }).$type<ObjectAcl>().notNull().default('public-read'),
  maxBytes: bytes('max_bytes').notNull(),
  abroad: boolean('abroad').notNull().default(false),
  createdAt: moment('created_at').notNull().defaultNow(),
});

/**
 * Short-lived credentials a token gateway issued (STS-like). The secret signs the PostObject
 * policy and multipart requests; the security token is stored as sha256 hex only.
 */
export const uploadCredentials = pgTable(
  'upload_credentials',
  {
    accessKeyId: varchar('access_key_id', { length: 64 }).primaryKey(),
    accessKeySecret: varchar('access_key_secret', { length: 64 }).notNull(),
    securityTokenHash: varchar('security_token_hash', { length: 64 }).notNull(),
    appId: varchar('app_id', { length: 64 })
      .notNull()
      .references(() => uploadApps.appId),
    userId: integer('user_id'),
    gateway: varchar('gateway', { length: 16 }).notNull(),
    bucket: varchar('bucket', { length: 64 }).notNull(),
    keyPrefix: varchar('key_prefix', { length: 256 }).notNull(),
    maxBytes: bytes('max_bytes').notNull(),
    acl: varchar('acl', { length: 16 }).$type<ObjectAcl>().notNull(),
    expiresAt: moment('expires_at').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('upload_credentials_expires_idx').on(t.expiresAt)],
);

/** Stored objects: the bytes live in the store (disk or S3), the facts here. */
export const storageObjects = pgTable(
  'storage_objects',
  {
    bucket: varchar('bucket', { length: 64 }).notNull(),
    key: varchar('key', { length: 512 }).notNull(),
    size: bytes('size').notNull(),
    contentType: varchar('content_type', { length: 128 }).notNull(),
    acl: varchar('acl', { length: 16 }).$type<ObjectAcl>().notNull(),
    etag: varchar('etag', { length: 80 }).notNull(),
    appId: varchar('app_id', { length: 64 }).notNull(),
    /** Who uploaded it (null for app-level uploads: auth/open gateways, server upload). */
    userId: integer('user_id'),
    width: integer('width'),
    height: integer('height'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('storage_objects_user_idx').on(t.userId)],
);

/** What a completed multipart upload answered: every later complete answers the same (issue 11). */
export interface MultipartResult {
  size: number;
  etag: string;
  contentType: string;
  width: number | null;
  height: number | null;
}

/** Multipart uploads in progress or done; the parts are in {@link multipartParts}. */
export const multipartUploads = pgTable(
  'multipart_uploads',
  {
    uploadId: varchar('upload_id', { length: 64 }).primaryKey(),
    bucket: varchar('bucket', { length: 64 }).notNull(),
    key: varchar('key', { length: 512 }).notNull(),
    accessKeyId: varchar('access_key_id', { length: 64 }).notNull(),
    appId: varchar('app_id', { length: 64 }).notNull(),
    userId: integer('user_id'),
    contentType: varchar('content_type', { length: 128 }).notNull(),
    acl: varchar('acl', { length: 16 }).$type<ObjectAcl>().notNull(),
    maxBytes: bytes('max_bytes').notNull(),
    /** The S3 backend's own upload id, when the store is S3. */
    backendUploadId: text('backend_upload_id'),
    createdAt: moment('created_at').notNull().defaultNow(),
    /**
     * Set while one request completes the upload (its claim): concurrent completes wait for it and
     * answer its result; a claim older than a few minutes is a process that died and may be taken over.
     */
    completingAt: moment('completing_at'),
    completedAt: moment('completed_at'),
    /** The object the complete stored, remembered with completed_at. */
    result: jsonb('result').$type<MultipartResult>(),
    abortedAt: moment('aborted_at'),
  },
  (t) => [index('multipart_uploads_key_idx').on(t.bucket, t.key)],
);

export const multipartParts = pgTable(
  'multipart_parts',
  {
    uploadId: varchar('upload_id', { length: 64 })
      .notNull()
      .references(() => multipartUploads.uploadId),
    partNumber: integer('part_number').notNull(),
    size: integer('size').notNull(),
    etag: varchar('etag', { length: 80 }).notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

/** The file-type enum: one row per suffix (lower case, no dot). */
export const fileTypes = pgTable('file_types', {
  suffix: varchar('suffix', { length: 16 }).primaryKey(),
  type: varchar('type', { length: 32 }).notNull(),
  mime: varchar('mime', { length: 128 }).notNull(),
});
