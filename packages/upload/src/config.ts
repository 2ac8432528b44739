import type { Endpoint, ObjectAcl, RequestOf, ResponseOf, UploadGateway } from '@h5/contract';
import { UPLOAD_MESSAGES } from '@h5/core';
import type { Transport } from './transport';
import { UploadError } from './upload-error';

/** The upload config of spec §3. */
export interface UploadConfig {
  appId: string;
  gateway: UploadGateway;
  /** Cookie holding the gateway header's value (read from `document.cookie`). */
  cookieKey?: string;
  /** Name of the header the gateway reads the caller from (`x-auth-token`, `duToken`, …). */
  gatewayKey?: string;
  /** The header's value when it does not come from a cookie (takes precedence over cookieKey). */
  gatewayValue?: string;
  /** The app's code for the auth gateway (sent as header `backstageCode`). */
  backstageCode?: string;
  /** The open gateway's client (sent in the token body). */
  openObject?: { clientId: string; sysCode: string; channel: string };
  /** Use the abroad gateway (abroad bucket and region) in place of `app`. */
  isAbroad?: boolean;
  /** A free identifier of the integrating page, kept for monitoring. */
  identify?: string;
  /** Time-out of each storage request, ms (default UPLOAD_TIMEOUT_MS). */
  timeout?: number;
  /** Accept only jpg, png, gif and webp, judged by the content signature. */
  strictPictureApp?: boolean;
  /** Suffixes refused before upload (with or without the dot, any case). */
  noSupportSuffix?: string[];
  /** ACL of new objects; 'default' (or absent) inherits the app's. */
  objectAcl?: ObjectAcl;
  monitorName: string;
  monitorEnv: string;
  monitorUser: string;
}

/** A storage the SDK keeps small JSON values in (Web Storage's shape). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What the SDK needs from its host page; everything but `api` has a browser default. */
export interface UploadDeps {
  /** The app's signed request client (packages/request createApiClient or the web's lazy api). */
  api: <E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: { headers?: Record<string, string> },
  ) => Promise<ResponseOf<E>>;
  /** Default: XMLHttpRequest (upload progress) in a browser, fetch otherwise. */
  transport?: Transport;
  /** Default: localStorage (multipart checkpoints) and sessionStorage (file-type enum). */
  storage?: { local?: KeyValueStorage; session?: KeyValueStorage };
  /** Default: `document.cookie`. */
  cookie?: () => string;
  /**
   * In the app, when the gateway's cookie is missing: repair it (the native cookie resync of the
   * bridge's session self-healing) and resolve true to read it once more. Default: none.
   */
  ensureCookies?: () => Promise<boolean>;
  /** Default: createImageBitmap, else an Image element; null when the size cannot be read. */
  readImageSize?: (file: Blob) => Promise<{ width: number; height: number } | null>;
  /** Clock (ms), for tests; default Date.now. */
  now?: () => number;
}

/** Refuses a config without monitor params (spec §5) before anything else. */
export function assertMonitorParams(config: Partial<UploadConfig> | undefined): void {
  if (!config?.monitorName || !config.monitorEnv || !config.monitorUser) {
    throw new UploadError(UPLOAD_MESSAGES.monitorRequired);
  }
}

/** Refuses a config the uploader cannot work with: no appId or no gateway ('SDK配置未初始化'). */
export function assertConfigReady(config: Partial<UploadConfig> | undefined): asserts config is UploadConfig {
  if (!config || typeof config.appId !== 'string' || !config.appId || !config.gateway) {
    throw new UploadError(UPLOAD_MESSAGES.configNotInitialised);
  }
}
