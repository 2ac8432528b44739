// `npm run build -w @h5/server`: bundles src/main.ts into dist/server.js for Node 20 (ESM),
// started by dist/main.js. Workspace packages (@h5/*) are inlined; every other dependency stays
// external and is loaded from node_modules at run time. Migrations are read from apps/server/drizzle.
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
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
/** The server bundle, `npm run migrate`'s, `npm run storage:move-s3-keys`'s (issue 26) and `npm run operator`'s (issue 30), one entry each. */
const result = await build({
  entryPoints: {
    server: new URL('./src/main.ts', import.meta.url).pathname,
    migrate: new URL('./src/migrate-main.ts', import.meta.url).pathname,
    's3-keys': new URL('./src/s3-keys-main.ts', import.meta.url).pathname,
    operator: new URL('./src/operator-main.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
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
// React picks its development build unless NODE_ENV says production, and the bundle's static
// imports load it before any of its own code runs: the launcher sets it first, whatever the
// caller's environment says (a test runner's NODE_ENV=test too), as the server only ever serves
// the web app's production build. Development React rendered pages at about half the speed
// (issue 19 point 1). react-router's package exports resolve every condition to its development
// build (remix-run/react-router#14102): the launcher's resolve hook takes its production build,
// for the server's imports and the SSR bundle's alike, so both share one module (issue 33 point 4).
writeFileSync(
  new URL('./dist/main.js', import.meta.url),
  [
    "// The server's start (build.mjs): production libraries, then the bundle.",
    "import { register } from 'node:module';",
    "process.env.NODE_ENV = 'production';",
    "register('./react-router-production.mjs', import.meta.url);",
    "await import('./server.js');",
    '',
  ].join('\n'),
);
copyFileSync(
  new URL('./src/react-router-production.mjs', import.meta.url),
  new URL('./dist/react-router-production.mjs', import.meta.url),
);
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`apps/server/dist/main.js built (${Math.round(bytes / 1024)} KiB with source map)`);
