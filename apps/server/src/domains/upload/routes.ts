import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { CDN_SECURITY_HEADERS, registerCdn } from './cdn';
import { registerFileTypes } from './file-types';
import { registerTokenGateways } from './gateways';
import { RenderGate } from './render-gate';
import { registerSeedArt } from './seed-art';
import { registerSeedPhotos } from './seed-photo';
import { registerSeedVideos } from './seed-video';
import { registerServerUpload } from './server-upload';
import { registerStorageHost, sendStorageError } from './storage-host';
import { startUploadSweeper } from './sweep';

/**
 * The upload domain: token gateways, the storage host (/oss), the server upload, the file-type
 * enum and the CDN (/cdn: seeded SVG art, raster photos and video clips, stored objects with image processing).
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: AppDeps) {
  registerTokenGateways(app, deps);
  registerFileTypes(app, deps);
  await registerStorageHost(app, deps, deps.store);
  await registerServerUpload(app, deps, deps.store);
  startUploadSweeper(app, deps.db, deps.store, join(resolve(deps.env.DATA_DIR), 'cdn-cache'));

  // Every /cdn/ answer, a 404 or a refusal included, is never a page of the site.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/cdn/')) reply.headers(CDN_SECURITY_HEADERS);
  });
  const gate = new RenderGate();
  registerCdn(app, deps, deps.store, gate);
  // The seeded images' own paths win over /cdn/* (more specific).
  await app.register(async (seed) => {
    seed.setErrorHandler(sendStorageError);
    registerSeedArt(seed);
    registerSeedPhotos(seed, deps, gate);
    registerSeedVideos(seed, deps, gate);
  });
}
