import { z } from 'zod';
import { endpoint } from '../../endpoint';

const domain = 'upload';

/** The token gateways of spec §7 (upload token family). */
export const UPLOAD_GATEWAYS = [
  'auth',
  'app',
  'open',
  'customize',
  'v2',
  'v3',
  'internal',
  'abroad',
] as const;
export const uploadGatewaySchema = z.enum(UPLOAD_GATEWAYS);
export type UploadGateway = z.infer<typeof uploadGatewaySchema>;

/** Object ACLs of the store (OSS names); 'default' inherits the app's. */
export const objectAclSchema = z.enum(['private', 'public-read', 'default']);
export type ObjectAcl = z.infer<typeof objectAclSchema>;

/** openObject of the open gateway (spec §3 upload config). */
export const openObjectSchema = z.object({
  clientId: z.string().min(1).max(64),
  sysCode: z.string().min(1).max(64),
  channel: z.string().min(1).max(64),
});
export type OpenObject = z.infer<typeof openObjectSchema>;

/** The first segment of a user's own keys (`u42`), case-insensitive so `U42` is no way round it. */
const USER_FOLDER = /^u\d+(\/|$)/i;

/** Token request body of spec §7: appId, fileName, type, optional folder (+ openObject for `open`). */
export const uploadTokenRequestSchema = z.object({
  appId: z.string().min(1).max(64),
  fileName: z.string().min(1).max(255),
  /** The file's type from the file-type enum ('image', 'video', …). */
  type: z.string().min(1).max(32),
  /**
   * A folder under the app's: safe relative segments, never a user's own folder (`u<digits>`, which
   * the server puts before a signed-in user's folder), so no caller reaches another user's keys.
   */
  folder: z
    .string()
    .max(128)
    .regex(/^[\w-]+(\/[\w-]+)*$/, 'letters, digits, _ and - in /-separated segments')
    .refine((folder) => !USER_FOLDER.test(folder), '不能以用户目录（u 加数字）开头')
    .optional(),
  /** Only the open gateway reads it. */
  openObject: openObjectSchema.optional(),
});
export type UploadTokenRequest = z.infer<typeof uploadTokenRequestSchema>;

/** The upload token response of spec §3: short-lived credentials and a signed PostObject policy. */
export const uploadTokenSchema = z.object({
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
  securityToken: z.string(),
  /** The same value as securityToken (older SDKs read this name). */
  stsToken: z.string(),
  /** base64 of the policy JSON: expiration, content-length-range, key starts-with, bucket. */
  policy: z.string(),
  /** base64 HMAC-SHA1 of `policy` with accessKeySecret. */
  signature: z.string(),
  /** Every key must start with this prefix. */
  startsWith: z.string(),
  /** Storage host: PostObject and multipart go here. */
  ossHost: z.string(),
  /** CDN host: objects are read at `${cdnHost}/${key}`. */
  cdnHost: z.string(),
  /** True when the CDN URL must be signed (private objects). */
  cdnUrlSign: z.boolean(),
  objectAcl: objectAclSchema,
  /** Video transcoding template, when the app transcodes (none here: ''). */
  transcordWith: z.string(),
  region: z.string(),
  bucket: z.string(),
  /** ISO time the credentials and the policy expire. */
  expiration: z.string(),
});
export type UploadToken = z.infer<typeof uploadTokenSchema>;

/** The file-type enum: file type → its suffixes (lower case, no dot), and the content types. */
export const fileTypeEnumSchema = z.record(
  z.string(),
  z.object({ suffixes: z.array(z.string()), mime: z.array(z.string()) }),
);
export type FileTypeEnum = z.infer<typeof fileTypeEnumSchema>;

/**
 * A stored object as the upload SDK reports it (the storage host answers OSS's key and ETag; size,
 * type and image size are what the SDK knows of the file it sent) and as the media centre answers.
 */
export const storedObjectSchema = z.object({
  bucket: z.string(),
  key: z.string(),
  size: z.number().int().nonnegative(),
  etag: z.string(),
  contentType: z.string(),
  /** `${cdnHost}/${key}` */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type StoredObject = z.infer<typeof storedObjectSchema>;

/** OSS's `InitiateMultipartUploadResult` (Bucket, Key, UploadId), as the SDK reads it. */
export const multipartInitSchema = z.object({ bucket: z.string(), key: z.string(), uploadId: z.string() });
export type MultipartInit = z.infer<typeof multipartInitSchema>;

/** A `<Part>` of OSS's `ListPartsResult` (PartNumber, ETag without quotes, Size). */
export const uploadedPartSchema = z.object({
  partNumber: z.number().int().min(1).max(10_000),
  etag: z.string(),
  size: z.number().int().nonnegative(),
});
export type UploadedPart = z.infer<typeof uploadedPartSchema>;

/** The parts of OSS's `<CompleteMultipartUpload>` body, in order (as the storage host reads it). */
export const completeMultipartSchema = z.object({
  parts: z
    .array(uploadedPartSchema.pick({ partNumber: true, etag: true }))
    .min(1)
    .max(10_000),
});

/**
 * Error body of the CDN (non-2xx; the storage host answers OSS's XML `<Error>`): `code` is OSS's,
 * `msg` is for people (the SDK shows it first, spec §8), `message` is OSS's text for developers.
 */
export const storageErrorSchema = z.object({ code: z.string(), msg: z.string(), message: z.string() });
export type StorageError = z.infer<typeof storageErrorSchema>;

/** data of the server upload ({media center}/open/uploadFile), in the usual envelope. */
export const serverUploadResultSchema = storedObjectSchema.extend({ name: z.string() });
export type ServerUploadResult = z.infer<typeof serverUploadResultSchema>;

const tokenEndpoint = (gateway: UploadGateway) =>
  endpoint({
    domain,
    method: 'POST',
    path: `/sns-oss/v1/h5/oss-platform/token/${gateway}`,
    auth: 'common',
    request: uploadTokenRequestSchema,
    response: uploadTokenSchema,
  });

/**
 * The upload calls that speak the JSON envelope. The storage host's own calls (PostObject,
 * multipart, CDN reads) and the media centre's form upload are HTTP routes of the upload domain,
 * documented in docs/upload-protocol.md.
 */
export const upload = {
  /** Auth gateway: header `backstageCode` of a registered app. */
  tokenAuth: tokenEndpoint('auth'),
  /** App gateway: a logged-in session from the `x-auth-token` or `duToken` header. */
  tokenApp: tokenEndpoint('app'),
  /** Open gateway: body openObject of a registered open client. */
  tokenOpen: tokenEndpoint('open'),
  /** Custom gateway: header `duToken` of a logged-in session. */
  tokenCustomize: tokenEndpoint('customize'),
  tokenV2: tokenEndpoint('v2'),
  tokenV3: tokenEndpoint('v3'),
  tokenInternal: tokenEndpoint('internal'),
  /** Abroad gateway: like `app`, on the abroad bucket and region. */
  tokenAbroad: tokenEndpoint('abroad'),
  /** The file-type enum JSON (bare, cached by the SDK in session storage). */
  fileTypes: endpoint({
    domain,
    method: 'GET',
    path: '/sns-oss/v1/common/h5/oss-platform/file-types.json',
    auth: 'common',
    request: z.object({}),
    response: fileTypeEnumSchema,
    envelope: false,
    errorToast: false,
  }),
} as const;

/** The token endpoint of a gateway. */
export const tokenEndpointOf = (gateway: UploadGateway) =>
  ({
    auth: upload.tokenAuth,
    app: upload.tokenApp,
    open: upload.tokenOpen,
    customize: upload.tokenCustomize,
    v2: upload.tokenV2,
    v3: upload.tokenV3,
    internal: upload.tokenInternal,
    abroad: upload.tokenAbroad,
  })[gateway];

/** Paths of the storage host and media centre (not enveloped contract calls). */
export const STORAGE_PATHS = {
  /** ossHost is `${origin}${OSS_PREFIX}/${bucket}`: PostObject is `POST ${ossHost}/`. */
  ossPrefix: '/oss',
  /** Objects are read at `${origin}/cdn/${key}` (same family as core's IMAGE_CDN_PATH_PREFIX). */
  cdnPrefix: '/cdn',
  /** Server upload: `POST {media center}/open/uploadFile`, media centre = `${origin}/media-center`. */
  serverUpload: '/media-center/open/uploadFile',
  /** The storage host's STS stand-in: Aliyun STS AssumeRole for holders of an upload app's access key. */
  sts: '/sts',
} as const;
