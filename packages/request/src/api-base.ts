import { API_HOSTS, type AppEnv } from '@h5/core';

/**
 * The API origin of an environment (spec §7, DESIGN.md §4): an explicit override (API_BASE_URL)
 * wins; `local` is the page's own origin (''); the deployed environments use their API host.
 * An empty override counts as unset; a trailing slash is dropped (paths start with '/').
 */
export function resolveApiBase(appEnv: AppEnv, override?: string | null): string {
  const explicit = override?.trim().replace(/\/+$/, '');
  if (explicit) return explicit;
  return appEnv === 'local' ? '' : API_HOSTS[appEnv];
}
