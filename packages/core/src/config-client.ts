import {
  CONFIG_DEFAULT_TYPE,
  type ConfigCenterTree,
  configCenterPath,
  configCenterTree,
} from './config-center';
import { STATIC_CONFIG_TIMEOUT_MS } from './constants';
import { CLIENT_MESSAGES } from './messages/client';

/** A config document: its hash (the path of the `{hash}` call) and its project, key and type. */
export interface ConfigRef {
  hash: string;
  projectName: string;
  key: string;
  /** Default 'config' (spec §7). */
  type?: string | undefined;
}

/** The query of the `{hash}` call (spec §7): projectName, key and type. */
export interface ConfigQuery {
  hash: string;
  projectName: string;
  key: string;
  type: string;
}

/** A document's file on the static config CDN: its tree, project and key, and its path there. */
export interface StaticConfigFile {
  tree: ConfigCenterTree;
  project: string;
  key: string;
  /** `t1/configCenter/{project}/{key}.json` (d1, t0, t1, t2) or `pro/configCenter/…`. */
  path: string;
}

/**
 * Where config comes from: 'api' is the `{hash}` call; 'static' is the alternative data mode,
 * the static config CDN's JSON files (docs/api.md "Config client").
 */
export type ConfigDataMode = 'api' | 'static';

/** A config document's data: an object (a JSON string is parsed into one). */
export type ConfigData = Record<string, unknown>;

export interface ConfigClientOptions {
  /** The config environment (APP_ENV): picks the static tree (d1/t0/t1/t2 → 't1/'). */
  env: string;
  mode: ConfigDataMode;
  /** The request method of the `{hash}` call: the envelope's data, a JSON string or an object. */
  request?: ((query: ConfigQuery) => Promise<unknown>) | undefined;
  /** The request method of the static config CDN: the file's JSON; abort on `signal` (the 20 s time-out). */
  fetchStatic?: ((file: StaticConfigFile, signal: AbortSignal) => Promise<unknown>) | undefined;
  /** Where the warnings and errors go (default: the console). */
  logger?: Pick<Console, 'warn' | 'error'> | undefined;
  /** Default STATIC_CONFIG_TIMEOUT_MS (20 s, spec §9). */
  staticTimeoutMs?: number | undefined;
}

export interface ConfigClient {
  /**
   * A config document's data (spec §7, §8): a JSON string is parsed; a failed fetch is logged
   * and answers `{}`; with no request method configured for the mode it warns and answers
   * undefined.
   */
  get(ref: ConfigRef): Promise<ConfigData | undefined>;
}

const isObject = (value: unknown): value is ConfigData =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The data as an object: a JSON string is parsed; anything else that is not an object is an error. */
function toConfigData(data: unknown): ConfigData {
  const value = typeof data === 'string' ? JSON.parse(data) : data;
  if (!isObject(value)) throw new TypeError(`config data is not an object: ${typeof value}`);
  return value;
}

/** Runs `fetch` with an abort signal that fires after `ms`. */
async function withTimeout<T>(ms: number, fetch: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(CLIENT_MESSAGES.timeout(ms))), ms);
  try {
    return await fetch(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** The one config client (spec §7 "Config and general", §8 "Config fetch"). */
export function createConfigClient(options: ConfigClientOptions): ConfigClient {
  const logger = options.logger ?? console;
  const timeoutMs = options.staticTimeoutMs ?? STATIC_CONFIG_TIMEOUT_MS;
  return {
    async get(ref) {
      const query: ConfigQuery = { ...ref, type: ref.type ?? CONFIG_DEFAULT_TYPE };
      const { request, fetchStatic } = options;
      const fetch =
        options.mode === 'static'
          ? fetchStatic &&
            (() => {
              const file: StaticConfigFile = {
                tree: configCenterTree(options.env),
                project: query.projectName,
                key: query.key,
                path: configCenterPath(options.env, query.projectName, query.key),
              };
              return withTimeout(timeoutMs, (signal) => fetchStatic(file, signal));
            })
          : request && (() => request(query));
      if (!fetch) {
        logger.warn(
          `config ${query.projectName}/${query.key}: no request method configured (${options.mode})`,
        );
        return undefined;
      }
      try {
        return toConfigData(await fetch());
      } catch (error) {
        logger.error(`config ${query.projectName}/${query.key}: fetch failed`, error);
        return {};
      }
    },
  };
}
