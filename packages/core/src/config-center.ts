/** Config environments that read the shared test tree (spec §7). */
export const CONFIG_TEST_ENVS = ['d1', 't0', 't1', 't2'] as const;
/** The static config CDN's trees: the shared test tree of spec §7, and the production tree. */
export type ConfigCenterTree = 't1' | 'pro';
/** Default `type` query of the config-by-hash call. */
export const CONFIG_DEFAULT_TYPE = 'config';

/**
 * The static-config tree of an environment: 't1' for d1, t0, t1 and t2 (spec §7), else 'pro'
 * (pre, pro, perf, xdw, local: our CDN keeps the production tree under its own prefix).
 */
export function configCenterTree(env: string): ConfigCenterTree {
  return (CONFIG_TEST_ENVS as readonly string[]).includes(env) ? 't1' : 'pro';
}

/** The static-config path prefix of an environment: 't1/' for d1, t0, t1, t2, else 'pro/'. */
export function configCenterPrefix(env: string): string {
  return `${configCenterTree(env)}/`;
}

/** Path of a configCenter JSON on the static config CDN; project and key are encoded as single segments. */
export function configCenterPath(env: string, project: string, key: string): string {
  return `${configCenterPrefix(env)}configCenter/${encodeURIComponent(project)}/${encodeURIComponent(key)}.json`;
}
