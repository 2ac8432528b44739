import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// React, React DOM and React Router (with their runtime deps) in one client chunk: every page
// needs all of them, and one gzip stream is ~1 KiB smaller than the entry / router / JSX-runtime
// split Rolldown picks on its own (first-load JS budget, DESIGN.md §8). Documented Rolldown
// option: https://rolldown.rs/reference/OutputOptions.codeSplitting
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: {
    // React Router preloads route modules itself; the lazily loaded API client and debug
    // helpers need no preload helper in first-load JS (DESIGN.md §8 budget).
    modulePreload: false,
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK_MODULES }] } } },
  },
  css: {
    modules: {
      // Short class names in production keep the JS class maps small; readable ones in dev.
      generateScopedName: command === 'build' ? '_[hash:base64:6]' : '[name]_[local]_[hash:base64:4]',
    },
  },
}));
