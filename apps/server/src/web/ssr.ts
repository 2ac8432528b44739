import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppDeps } from '../deps';
import { API_BODY_LIMIT_BYTES } from '../plugins/body-limits';
import { sendNotFound } from '../plugins/envelope';
import { assertInternalAccess, isInternalPagePath } from '../plugins/internal-access';
import { sendFetchResponse, toFetchRequest } from './fetch-bridge';
import { createLoadContext } from './load-context';
import { pageCsp } from './page-csp';

type PageHandler = ReturnType<typeof createRequestHandler>;

/** Paths that never reach React Router: the API, static config and the CDN. */
const API_PREFIXES = ['/sns-', '/api/', '/static-config/', '/cdn/'];
export const isApiPath = (path: string): boolean => API_PREFIXES.some((prefix) => path.startsWith(prefix));

const searchOf = (url: string): string => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
};

export const MISSING_BUILD_MESSAGE =
  'The web app is not built yet. Run `npm run build` (or `npm start`), then restart the server.\n';

/** Loads the server build once it exists; a missing build is retried on the next page request. */
function pageHandlerLoader(buildDir: string) {
  const entry = join(buildDir, 'server', 'index.js');
  let loading: Promise<PageHandler> | undefined;
  return (): Promise<PageHandler> | undefined => {
    if (!loading) {
      if (!existsSync(entry)) return undefined;
      loading = import(pathToFileURL(entry).href).then((build: ServerBuild) =>
        createRequestHandler(build, 'production'),
      );
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
}

/**
 * Static client assets: hashed `/assets/*` cached forever, the rest briefly. Scripts and
 * stylesheets go out as the build's Brotli or gzip twin (`.br`, `.gz`, apps/web/vite.config.ts)
 * when the browser accepts it.
 */
async function registerClientAssets(app: FastifyInstance, clientDir: string) {
  if (!existsSync(clientDir)) return;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    decorateReply: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      const immutable = path.startsWith(join(clientDir, 'assets'));
      // The service worker is asked for on every page load: a deploy's new one is seen at once.
      const worker = path === join(clientDir, 'sw.js');
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=300',
      );
      res.setHeader('vary', 'accept-encoding');
    },
  });
}

/**
 * Hosts the React Router app: static assets, then every other page GET / HEAD rendered on the
 * server. No route has an action, so a POST (or any other method) to a page path is the 404
 * envelope of the not-found handler, never React Router's "no action" error page (issue 26 point 9).
 */
export async function registerWeb(app: FastifyInstance, deps: AppDeps) {
  await registerClientAssets(app, join(deps.env.WEB_BUILD_DIR, 'client'));
  const loadHandler = pageHandlerLoader(deps.env.WEB_BUILD_DIR);

  await app.register(async (pages) => {
    // A page GET that comes with a body: whatever it is, it is not read.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: API_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    pages.route({
      method: 'GET',
      url: '/*',
      handler: async (request, reply) => {
        const path = request.url.split('?')[0] ?? '/';
        if (isApiPath(path)) return sendNotFound(reply, request.method, path);
        if (isInternalPagePath(request.url)) assertInternalAccess(request, deps.env);
        const handler = await loadHandler();
        if (!handler) return reply.code(503).type('text/plain; charset=utf-8').send(MISSING_BUILD_MESSAGE);
        const context = createLoadContext(app, deps, request, reply);
        reply.header('content-security-policy', pageCsp(context.nonce, deps.env, searchOf(request.url)));
        const response = await handler(toFetchRequest(request, reply), context);
        return sendFetchResponse(reply, response);
      },
    });
  });
}
