/** Config environments that read the shared test tree (spec §7). */
export const CONFIG_TEST_ENVS = ['d1', 't0', 't1', 't2'] as const;
/** Path prefix of the shared test tree; production-like environments (pre, pro…) use none. */
export const CONFIG_TEST_PATH_PREFIX = 't1/';
/** Default `type` query of the config-by-hash call. */
export const CONFIG_DEFAULT_TYPE = 'config';

/** The static-config path prefix of an environment: 't1/' for d1, t0, t1, t2, else ''. */
export function configCenterPrefix(env: string): string {
  return (CONFIG_TEST_ENVS as readonly string[]).includes(env) ? CONFIG_TEST_PATH_PREFIX : '';
}

/** Path of a configCenter JSON on the static config CDN; project and key are encoded as single segments. */
export function configCenterPath(env: string, project: string, key: string): string {
  return `${configCenterPrefix(env)}configCenter/${encodeURIComponent(project)}/${encodeURIComponent(key)}.json`;
}
