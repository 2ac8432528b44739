import { join, resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { contract, STORAGE_PATHS } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { CDN_SECURITY_HEADERS, cdnHandler } from './cdn';
import { EMOJI_ASSET_PATH, sendEmojiAsset } from './emoji-assets';
import { fileTypeEnum } from './file-types';
import { issueToken } from './gateways';
import { RenderGate } from './render-gate';
import { SEED_ART_PATH, sendSeedArt } from './seed-art';
import { SEED_PHOTO_PATH, seedPhotoHandler } from './seed-photo';
import { SEED_VIDEO_PATH, seedVideoHandler } from './seed-video';
import { serverUploadHandler } from './server-upload';
import { addRequestId, OSS_PREFIX, sendOssError, sendStorageError, storageHostHandler } from './storage-host';
import { addStsRequestId, sendStsError, stsHandler } from './sts';
import { startCdnCachePruner } from './sweep';

/** The eight token gateways of spec §7, one contract entry each. */
const GATEWAY_ENDPOINTS = [
  ['auth', contract.upload.tokenAuth],
  ['app', contract.upload.tokenApp],
  ['open', contract.upload.tokenOpen],
  ['customize', contract.upload.tokenCustomize],
  ['v2', contract.upload.tokenV2],
  ['v3', contract.upload.tokenV3],
  ['internal', contract.upload.tokenInternal],
  ['abroad', contract.upload.tokenAbroad],
] as const;

/**
 * The upload domain: token gateways, the storage host (/oss), the server upload, the file-type
 * enum and the CDN (/cdn: seeded SVG art, raster photos and video clips, stored objects with image processing).
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: AppDeps) {
  const { store } = deps;
  for (const [gateway, endpoint] of GATEWAY_ENDPOINTS) {
    registerEndpoint(app, deps, endpoint, (input, { request }) => issueToken(deps, gateway, input, request));
  }

  // GET the enum as bare JSON (a static file in spirit: no sign, cached briefly).
  app.get(contract.upload.fileTypes.path, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await fileTypeEnum(deps)),
  );

  // The storage host (OSS's wire protocol), with its own error answers and body parsers.
  await app.register(async (oss) => {
    oss.setErrorHandler(sendOssError);
    oss.addHook('onRequest', addRequestId);
    // Bodies are the storage host's own business whatever their type (a part of a `.json` key is
    // not JSON): PostObject's form goes to @fastify/multipart, everything else arrives unread, a
    // stream the handler puts into the store or reads with its own limit.
    oss.removeAllContentTypeParsers();
    await oss.register(fastifyMultipart);
    oss.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const handler = storageHostHandler(deps, store);
    // HEAD explicitly: Fastify's own HEAD of a GET route would answer Content-Length 0.
    const methods = ['POST', 'PUT', 'GET', 'HEAD', 'DELETE'];
    oss.route({ method: methods, url: `${OSS_PREFIX}/:bucket`, handler });
    oss.route({ method: methods, url: `${OSS_PREFIX}/:bucket/*`, handler });
  });

  // The storage host's STS stand-in (AssumeRole for an upload app's access key), Aliyun's JSON errors.
  await app.register(async (sts) => {
    sts.setErrorHandler(sendStsError);
    sts.addHook('onRequest', addStsRequestId);
    sts.route({ method: ['GET', 'POST'], url: STORAGE_PATHS.sts, handler: stsHandler(deps) });
  });

  // The media centre's server upload, with its own multipart parser scope.
  await app.register(async (media) => {
    await media.register(fastifyMultipart);
    media.post(STORAGE_PATHS.serverUpload, serverUploadHandler(deps, store));
  });

  startCdnCachePruner(app, join(resolve(deps.env.DATA_DIR), 'cdn-cache'));

  // Every /cdn/ answer, a 404 or a refusal included, is never a page of the site.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/cdn/')) reply.headers(CDN_SECURITY_HEADERS);
  });
  const gate = new RenderGate();
  app.register(async (cdn) => {
    cdn.setErrorHandler(sendStorageError);
    cdn.get('/cdn/*', cdnHandler(deps, store, gate));
  });
  // The seeded images' own paths and the kept emoji win over /cdn/* (more specific).
  await app.register(async (seed) => {
    seed.setErrorHandler(sendStorageError);
    seed.get(SEED_ART_PATH, sendSeedArt);
    seed.get(EMOJI_ASSET_PATH, sendEmojiAsset);
    seed.get(SEED_PHOTO_PATH, seedPhotoHandler(deps, gate));
    seed.get(SEED_VIDEO_PATH, seedVideoHandler(deps, gate));
  });
}
