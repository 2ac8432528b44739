import type { ServerLoadContext } from '@h5/contract';

// The server (apps/server) hands every loader this context: in-process contract calls for SSR
// prefetch and the public runtime configuration.
declare module 'react-router' {
  interface AppLoadContext extends ServerLoadContext {}
}
