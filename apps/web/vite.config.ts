import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { smallPreloadHelper } from './small-preload-helper';
import { serviceWorker } from './sw/build-service-worker';
import { terserPass } from './terser-pass';

// Brotli and gzip twins of every client script and stylesheet (`x.js.br`, `x.js.gz`), served by
// the server's static handler (`preCompressed`, apps/server/src/web/ssr.ts) when the browser
// accepts them: compressed once at build time at the best level, never per request. Made from the
// files as written (writeBundle), after Vite's last rewrites of the chunks; a twin that would not
// be smaller is not written.
function precompressed(): Plugin {
  return {
    name: 'h5:precompressed',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const source = readFileSync(path);
        const twins: [string, Buffer][] = [
          ['br', brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
          ['gz', gzipSync(source, { level: 9 })],
        ];
        for (const [extension, compressed] of twins) {
          if (compressed.length < source.length) writeFileSync(`${path}.${extension}`, compressed);
        }
      }
    },
  };
}

// A CSS module's class names from its file and class alone: the same whether the file is imported
// for its class map or as text (`?inline`, the comments' server-page style, CommentSection.tsx).
function scopedName(name: string, filename: string): string {
  const file = filename.replace(/\?.*$/, '');
  return `_${createHash('sha256').update(`${file}\n${name}`).digest('base64url').slice(0, 6)}`;
}

// React, React DOM and React Router (with their runtime deps) in one client chunk: every page
// needs all of them, and one gzip stream is ~1 KiB smaller than the entry / router / JSX-runtime
// split Rolldown picks on its own (first-load JS budget, DESIGN.md §8). Documented Rolldown
// option: https://rolldown.rs/reference/OutputOptions.codeSplitting
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

// Our modules that root.tsx reaches statically: they load on every page anyway, and lazy chunks
// share them, so Rolldown would split them into many tiny chunks (each with its own import glue
// and gzip stream). One chunk for them keeps first-load JS small. A module listed here that stops
// being root-reachable would load on every page: keep the list to the shell.
const SHELL_MODULES = new RegExp(
  [
    String.raw`apps[\/]web[\/]app[\/]lib[\/](use-api|api-client|root-data|app-env|query-params)\.ts$`,
    String.raw`apps[\/]web[\/]app[\/]lib[\/]ui-text[\/]shell\.ts$`,
    String.raw`apps[\/]web[\/]app[\/]shell[\/](Toast|PageToast|Placeholder|PageWrapper|lazy-fallbacks)\.tsx?$`,
    String.raw`apps[\/]web[\/]app[\/]lib[\/](page-signals|use-low-device|jump-attributes)\.ts$`,
    String.raw`apps[\/]web[\/]app[\/]platform[\/]use-platform-info-hold\.ts$`,
    String.raw`packages[\/]core[\/]src[\/]constants[\/](timing|http)\.ts$`,
    // The fallbacks (error page, placeholder) load lazily (shell/lazy-fallbacks.tsx), their styles
    // with the shell: a server-rendered one must paint styled before its chunk arrives.
    String.raw`apps[\/]web[\/]app[\/]shell[\/](ErrorPage|RootErrorBoundary|Placeholder)\.module\.css$`,
    // Core modules the feed shares with the detail, upload and community screens: in the shell,
    // or Rolldown puts them in the feed chunk and every such screen loads the whole feed.
    String.raw`packages[\/]core[\/]src[\/](image-url|format-count|constants[\/]content)\.ts$`,
    // The jump link (issue 12: author, topic, product links) the same way: the feed, the detail,
    // comments and the community screens all draw it (its in-app tap is the lazy platform boot's).
    String.raw`packages[\/]core[\/]src[\/]jump-pages\.ts$`,
    String.raw`apps[\/]web[\/]app[\/]shell[\/](JumpLink|use-jump-click)\.tsx?$`,
    // The data layer's core (decision record 005), the same way: every screen's data and every
    // shared light and follow go through it; without this the detail would load the feed chunk.
    String.raw`apps[\/]web[\/]app[\/]lib[\/](data-layer[\/](cache|entry|shadow)|not-found)\.ts$`,
  ].join('|'),
);

// The feed route with the waterfall modules the user home and topic pages share with it (and the
// list pages' infinite scroll, skeleton and layout styles, which the feed uses too): one chunk, so
// the feed's first load is not split into a route chunk and a glue chunk of its own.
const FEED_MODULES =
  /apps[\\/]web[\\/]app[\\/](routes[\\/]content[\\/]feed|shell[\\/]feed[\\/](FeedGrid|FeedCard|FeedSkeleton|columns|format-duration)|lib[\\/]use-infinite-scroll|shell[\\/]list-page)\.(tsx?|module\.css)$/;

// The page header and its back button: every screen but the feed shows them, the login page the
// button alone. One chunk (and one stylesheet), not two tiny ones with a request each.
// The data layer's single values and toggles (decision record 005) go with it: the screens with a
// header are the ones that read them, and a chunk of their own costs the detail its glue.
// The not-found screen (issue 14: with the page header) too: every screen that can find nothing has a header.
// The date rule (lib/format-time.ts) too: the dated screens all have a header, and as a chunk of its
// own it cost the detail ~90 B of glue and stream (issue 28); the detail's labels, which the
// network-failure screen names a content's page with (shell/failed-page-title.ts); and the light
// toggle (shell/community/use-light), which the detail shares with the hot-video player.
const HEADER_MODULES =
  /apps[\\/]web[\\/]app[\\/](shell[\\/](PageHeader|BackButton|NotFound|NotFoundScreen)\.(tsx|module\.css)|shell[\\/]community[\\/]use-light\.ts|lib[\\/](data-layer[\\/](use-entry|toggle-queue)|format-time|ui-text[\\/]detail)\.ts)$/;

// react-router's package exports name only its development build (remix-run/react-router#14102,
// #14753): its dev warnings and checks ship to phones. The client build takes the production
// build it also publishes (the same code without them; issue 33 point 4, docs/performance.md).
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/', import.meta.url),
);

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve:
    command === 'build' && !isSsrBuild
      ? {
          alias: [
            { find: /^react-router$/, replacement: `${REACT_ROUTER_PRODUCTION}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${REACT_ROUTER_PRODUCTION}dom-export.mjs` },
          ],
        }
      : {},
  plugins:
    isSsrBuild || command !== 'build'
      ? [reactRouter()]
      : [reactRouter(), smallPreloadHelper(), terserPass(), precompressed(), serviceWorker()],
  build: {
    // React Router preloads route modules itself; the lazily loaded API client and debug
    // helpers need no preload helper in first-load JS (DESIGN.md §8 budget).
    modulePreload: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK_MODULES },
                { name: 'shell', test: SHELL_MODULES },
                { name: 'feed', test: FEED_MODULES },
                { name: 'header', test: HEADER_MODULES },
              ],
            },
          },
        },
  },
  css: {
    modules: {
      // Short class names in production keep the JS class maps small; readable ones in dev.
      generateScopedName: command === 'build' ? scopedName : '[name]_[local]_[hash:base64:4]',
    },
  },
}));
