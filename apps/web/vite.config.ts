import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => ({
  plugins: [reactRouter()],
  build: {
    // React Router preloads route modules itself; the lazily loaded API client and debug
    // helpers need no preload helper in first-load JS (DESIGN.md §8 budget).
    modulePreload: false,
  },
  css: {
    modules: {
      // Short class names in production keep the JS class maps small; readable ones in dev.
      generateScopedName: command === 'build' ? '_[hash:base64:6]' : '[name]_[local]_[hash:base64:4]',
    },
  },
}));
