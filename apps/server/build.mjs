// `npm run build -w @h5/server`: bundles src/main.ts into dist/main.js for Node 20 (ESM).
// Workspace packages (@h5/*) are inlined; every other dependency stays external and is
// loaded from node_modules at run time. Migrations are read from apps/server/drizzle.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const workspaceInlined = {
  name: 'externalize-dependencies',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@h5/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
const result = await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  plugins: [workspaceInlined],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`apps/server/dist/main.js built (${Math.round(bytes / 1024)} KiB with source map)`);
