// First-load JS per route: the scripts a cold visit downloads (entry + every route module on the
// way from the root to the leaf, with their static imports), gzip-compressed, read from the
// React Router server build's asset manifest.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface RouteAsset {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface ServerBuildLike {
  publicPath?: string;
  assets: { entry: { module: string; imports: string[] }; routes: Record<string, RouteAsset> };
  routes: Record<string, { path?: string; index?: boolean }>;
}
export interface RouteWeight {
  route: string;
  path: string;
  files: number;
  gzipBytes: number;
}

function gzipTotal(clientDir: string, files: string[]): number {
  let total = 0;
  for (const file of new Set(files)) total += gzipSync(readFileSync(join(clientDir, file))).length;
  return total;
}

/** One row per page (leaf) route with the gzip bytes of the JS its first load fetches. */
export async function firstLoadJs(webBuildDir: string): Promise<RouteWeight[]> {
  const serverEntry = join(webBuildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuildLike;
  const publicPath = build.publicPath ?? '/';
  const clientDir = join(webBuildDir, 'client');
  const routes = Object.values(build.assets.routes);
  const byId = new Map(routes.map((r) => [r.id, r]));
  const parents = new Set(routes.map((r) => r.parentId).filter(Boolean));
  const rows: RouteWeight[] = [];
  for (const route of routes) {
    if (parents.has(route.id)) continue;
    const chain: RouteAsset[] = [];
    for (let r: RouteAsset | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined)
      chain.unshift(r);
    const files = [build.assets.entry.module, ...build.assets.entry.imports];
    for (const r of chain) files.push(r.module, ...(r.imports ?? []));
    const paths = files.map((url) => url.slice(publicPath.length));
    const meta = build.routes[route.id];
    const path = meta?.index ? '/' : `/${meta?.path ?? route.id}`;
    rows.push({ route: route.id, path, files: new Set(paths).size, gzipBytes: gzipTotal(clientDir, paths) });
  }
  return rows;
}
