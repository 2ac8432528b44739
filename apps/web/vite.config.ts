import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

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
    String.raw`apps[\/]web[\/]app[\/]lib[\/](use-api|api-client|root-data|telemetry|app-env|query-params)\.ts$`,
    String.raw`apps[\/]web[\/]app[\/]lib[\/]ui-text[\/]shell\.ts$`,
    String.raw`apps[\/]web[\/]app[\/]shell[\/](page-signals|Toast|PageToast|Placeholder|PageWrapper|ErrorPage|RootErrorBoundary|use-platform-info-hold|HydrationMarker)\.tsx?$`,
    String.raw`packages[\/]core[\/]src[\/](constants[\/](timing|http|query)|messages[\/](telemetry|error-page|placeholder))\.ts$`,
    // Core modules the feed shares with the detail, upload and community screens: in the shell,
    // or Rolldown puts them in the feed chunk and every such screen loads the whole feed.
    String.raw`packages[\/]core[\/]src[\/](image-url|format-count|constants[\/]content)\.ts$`,
  ].join('|'),
);

// The feed route with the waterfall modules the user home and topic pages share with it: one
// chunk, so the feed's first load is not split into a route chunk and a glue chunk of its own.
const FEED_MODULES =
  /apps[\\/]web[\\/]app[\\/]routes[\\/]content[\\/](feed|FeedGrid|FeedCard|columns|format-duration|use-infinite-scroll|feed-state)\.(tsx?|module\.css)$/;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter()],
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
              ],
            },
          },
        },
  },
  css: {
    modules: {
      // Short class names in production keep the JS class maps small; readable ones in dev.
      generateScopedName: command === 'build' ? '_[hash:base64:6]' : '[name]_[local]_[hash:base64:4]',
    },
  },
}));
