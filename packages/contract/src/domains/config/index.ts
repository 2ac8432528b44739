import { z } from 'zod';
import { endpoint, operatorEndpoint } from '../../endpoint';
import { dbInt, documentVersionSchema, emptySchema, idSchema } from '../../shared';
import { searchIdeaStoredConfigSchema } from '../feedback';

const domain = 'config';

/** The project whose client-conf the site reads when a call names none. */
export const DEFAULT_CONFIG_PROJECT = 'community-h5';
const projectSchema = z.string().min(1).max(64).default(DEFAULT_CONFIG_PROJECT);

/** Keys of client-conf the shell reads; the stored object may hold more. */
export const clientConfSchema = z.looseObject({
  /** The global switch of spec §2: on shows the error page instead of content. */
  errorPageSwitch: z.boolean(),
});
export type ClientConf = z.infer<typeof clientConfSchema>;

/**
 * A project's client-conf is one config-centre document, key `client-conf` (type 'config'): the
 * `{hash}` call and the static configCenter file serve it, the internal write sets one of its keys.
 */
export const CLIENT_CONF_KEY = 'client-conf';
/**
 * The site's client-conf document, as the page wrapper reads it through the config client. Its
 * hash is what the internal write gives every client-conf document it creates: the first 10 hex
 * digits of md5(`{project}/client-conf/config`).
 */
export const CLIENT_CONF_REF = {
  hash: '8faf5ab46b',
  projectName: DEFAULT_CONFIG_PROJECT,
  key: CLIENT_CONF_KEY,
} as const;

/** The WeChat JS-SDK config of spec §3: what `wx.config` needs besides jsApiList. */
export const wechatShareConfigSchema = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  noncestr: z.string(),
  signature: z.string(),
});
export type WechatShareConfig = z.infer<typeof wechatShareConfigSchema>;

/**
 * The schema the app reads a config-centre document (type 'config') with, by key: an edit on the
 * backstage must pass it. A key not named here is read by clients as any JSON object or string.
 */
export const CONFIG_DOCUMENT_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  [CLIENT_CONF_KEY]: clientConfSchema,
  'search-idea': searchIdeaStoredConfigSchema,
};

/** A config-centre document as the backstage lists it (issue 30 point 4). */
export const configDocumentBriefSchema = z.object({
  id: z.number().int(),
  projectName: z.string(),
  key: z.string(),
  type: z.string(),
  hash: z.string(),
  /** The current version (0: never edited on the backstage). */
  version: z.number().int(),
  /** Whether the app reads it with a schema of {@link CONFIG_DOCUMENT_SCHEMAS} (else any object or string). */
  schema: z.boolean(),
});
export type ConfigDocumentBrief = z.infer<typeof configDocumentBriefSchema>;

const configDocumentSchema = configDocumentBriefSchema.extend({ value: z.unknown() });
const configVersionSchema = documentVersionSchema(z.unknown());
export type ConfigVersion = z.infer<typeof configVersionSchema>;

export const dyeingEnvSchema = z.object({ name: z.string(), c_name: z.string() });

export const config = {
  clientIp: endpoint({
    domain,
    method: 'GET',
    path: '/sns-conf/v1/common/h5/client-ip',
    auth: 'common',
    request: emptySchema,
    response: z.object({ xRealIp: z.string() }),
  }),
  clientConf: endpoint({
    domain,
    method: 'GET',
    path: '/sns-conf/v1/common/h5/config/client-conf',
    auth: 'common',
    request: z.object({ project: projectSchema }),
    response: clientConfSchema,
    visitorCache: 'in-process',
  }),
  /** Config by hash: the spec's `{hash}` call; `data` is a JSON string or an object. */
  configByHash: endpoint({
    domain,
    method: 'GET',
    path: '/sns-conf/v1/common/h5/config/hash/:hash',
    auth: 'common',
    request: z.object({
      hash: z.string().regex(/^[0-9a-f]{6,64}$/, 'hash must be 6–64 lowercase hex digits'),
      projectName: z.string().min(1).max(64),
      key: z.string().min(1).max(128),
      type: z.string().min(1).max(32).default('config'),
    }),
    response: z.union([z.string(), z.record(z.string(), z.unknown())]),
    // Every page's root loader reads it (client-conf by hash): one query a page without it.
    visitorCache: 'in-process',
  }),
  /** The static config file of the alternative data mode: bare JSON, no envelope. */
  configCenter: endpoint({
    domain,
    method: 'GET',
    path: '/static-config/:envPrefix/configCenter/:project/:key.json',
    auth: 'common',
    envelope: false,
    request: z.object({
      envPrefix: z.enum(['t1', 'pro']),
      project: z.string().regex(/^[\w-]{1,64}$/),
      key: z.string().regex(/^[\w.-]{1,128}$/),
    }),
    response: z.unknown(),
  }),
  /**
   * Internal write of one client-conf key (tests and operations flip errorPageSwitch with it).
   * Answers 404 in production ('pro'). `value` is any JSON but null: the column holds a value
   * for every key (a null would fail the write, not clear the key).
   */
  setClientConf: endpoint({
    domain,
    method: 'POST',
    path: '/sns-conf/v1/internal/client-conf',
    auth: 'common',
    internal: true,
    request: z.object({
      project: projectSchema,
      key: z.string().regex(/^[\w.-]{1,128}$/, 'key must be 1–128 letters, digits, _ . -'),
      value: z.json().refine((value) => value !== null, { error: '不能为 null' }),
    }),
    response: clientConfSchema,
  }),
  /** WeChat JS-SDK config for a page URL (spec §7): signature = SHA-1 over the jsapi_ticket string. */
  wechatShareConfig: endpoint({
    domain,
    method: 'POST',
    path: '/sns-conf/v1/common/wechat/share-config',
    auth: 'common',
    request: z.object({ shareUrl: z.url({ protocol: /^https?$/ }).max(2048) }),
    response: wechatShareConfigSchema,
  }),
  /** The WeChat OAuth authorize URL that comes back to `redirectUrl` (payload ours: spec shows none). */
  wechatAuthorizeUrl: endpoint({
    domain,
    method: 'POST',
    path: '/sns-conf/v1/common/wechat/authorize-url',
    auth: 'common',
    request: z.object({
      redirectUrl: z.url({ protocol: /^https?$/ }).max(2048),
      state: z
        .string()
        .regex(/^[\w-]{0,128}$/)
        .default(''),
    }),
    response: z.object({ url: z.string() }),
  }),
  /** The config-centre documents (admin: client-conf can put the whole site behind the error page). */
  documents: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/config/documents',
    roles: [],
    request: emptySchema,
    response: z.object({ list: z.array(configDocumentBriefSchema) }),
  }),
  /** One document with its value. */
  document: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/config/document',
    roles: [],
    request: z.object({ id: idSchema }),
    response: configDocumentSchema,
  }),
  /**
   * Replaces a document's value with `text` (JSON, checked against the document's schema: a 400
   * names the path, e.g. `value.errorPageSwitch`): a new version, audited.
   */
  documentUpdate: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/config/document/update',
    roles: [],
    request: z.object({
      id: idSchema,
      text: z.string().min(1).max(100_000),
      /** The version the page showed (its `version`): when another is current by now, 5007 and nothing saved. */
      baseVersion: dbInt(0).optional(),
    }),
    response: configDocumentSchema,
  }),
  /** A document's versions, newest first. */
  documentHistory: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/config/document/history',
    roles: [],
    request: z.object({ id: idSchema }),
    response: z.object({ list: z.array(configVersionSchema) }),
  }),
  /** Makes an earlier version current again, as a new version. */
  documentRestore: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/config/document/restore',
    roles: [],
    request: z.object({
      id: idSchema,
      version: idSchema,
      /** The version the page showed (its `version`): when another is current by now, 5007 and nothing saved. */
      baseVersion: dbInt(0).optional(),
    }),
    response: configDocumentSchema,
  }),
  epDyeing: endpoint({
    domain,
    method: 'GET',
    path: '/api/v1/ep-dyeing/open',
    auth: 'common',
    request: emptySchema,
    response: z.object({ results: z.array(dyeingEnvSchema) }),
  }),
} as const;
