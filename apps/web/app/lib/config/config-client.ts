import {
  type ConfigClient,
  type ConfigDataMode,
  createConfigClient,
  STATIC_CONFIG_TIMEOUT_MS,
} from '@h5/core';
import type { LazyApi } from '../api-client';

/**
 * The web app's config client in the browser (core's one client, docs/api.md "Config client"):
 * the `{hash}` call and the static config CDN's file, both through the page's API client
 * (signed, no toast: a failed read is logged and answers `{}`), the file with spec §9's 20 s.
 */
export function browserConfigClient(api: LazyApi, env: string, mode: ConfigDataMode): ConfigClient {
  return createConfigClient({
    env,
    mode,
    request: (query) => api('config.configByHash', query, { errorToast: false }),
    fetchStatic: (file, signal) =>
      api(
        'config.configCenter',
        { envPrefix: file.tree, project: file.project, key: file.key },
        { signal, timeoutMs: STATIC_CONFIG_TIMEOUT_MS, errorToast: false },
      ),
  });
}
