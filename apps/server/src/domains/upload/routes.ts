import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { fromZodError } from '../../plugins/errors';
import { registerCdn } from './cdn';
import { registerFileTypes } from './file-types';
import { registerTokenGateways } from './gateways';
import { renderSeedArt, seedArtRequest } from './seed-art';
import { registerSeedPhotos } from './seed-photo';
import { registerServerUpload } from './server-upload';
import { registerStorageHost } from './storage-host';
import { startUploadSweeper } from './sweep';

const SEED_ART_PATH = '/cdn/seed/:name.svg';

/**
 * The upload domain: token gateways, the storage host (/oss), the server upload, the file-type
 * enum and the CDN (/cdn: seeded SVG art and raster photos, stored objects with image processing).
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: AppDeps) {
  registerTokenGateways(app, deps);
  registerFileTypes(app, deps);
  await registerStorageHost(app, deps, deps.store);
  await registerServerUpload(app, deps, deps.store);
  registerCdn(app, deps, deps.store);
  startUploadSweeper(app, deps.db, deps.store, join(resolve(deps.env.DATA_DIR), 'cdn-cache'));
  registerSeedPhotos(app, deps);

  // The CDN path of seeded images: deterministic SVG art, cached forever (wins over /cdn/*).
  app.get(SEED_ART_PATH, async (request, reply) => {
    const parsed = seedArtRequest.safeParse({ ...(request.query as object), ...(request.params as object) });
    if (!parsed.success) return reply.code(400).send({ message: fromZodError(parsed.error).message });
    const { name, w, h } = parsed.data;
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type('image/svg+xml')
      .send(renderSeedArt(name, w, h));
  });
}
