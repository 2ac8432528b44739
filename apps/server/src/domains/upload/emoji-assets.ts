import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serverRoot } from '../../paths';
import { noSuchKey } from './storage-error';

/**
 * GET /cdn/emoji/{file}: the comment emoji kept in apps/server/assets/emoji/ (issue 28 point 3:
 * Twemoji pictures under CC-BY 4.0 and our own 666, assets/emoji/LICENSE.md). The folder's SVGs
 * are read once, on the first request (twenty files of about a kilobyte); a name not among them
 * is a 404 like any missing CDN key. Served as image/svg+xml under the CDN's CSP (no script,
 * sandboxed) like every /cdn/ answer, cached for a year: a changed picture gets a new file name.
 */
export const EMOJI_ASSET_PATH = '/cdn/emoji/:file';

/** Where the kept emoji are. */
export const emojiAssetsFolder = (): string => join(serverRoot(), 'assets', 'emoji');

let loaded: ReadonlyMap<string, Buffer> | undefined;

/** The folder's SVG files by name. */
export function emojiAssets(): ReadonlyMap<string, Buffer> {
  if (!loaded) {
    const folder = emojiAssetsFolder();
    loaded = new Map(
      readdirSync(folder)
        .filter((file) => /^[\w-]+\.svg$/.test(file))
        .map((file) => [file, readFileSync(join(folder, file))]),
    );
  }
  return loaded;
}

export async function sendEmojiAsset(request: FastifyRequest, reply: FastifyReply) {
  const { file } = request.params as { file: string };
  const body = emojiAssets().get(file);
  if (!body) throw noSuchKey();
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .type('image/svg+xml')
    .send(body);
}
