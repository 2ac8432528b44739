import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fromZodError } from '../../plugins/errors';
import { renderSeedArt } from './seed-art';

const SEED_ART_PATH = '/cdn/seed/:name.svg';

const seedArtRequest = z.object({
  name: z.string().regex(/^[\w-]{1,64}$/),
  w: z.coerce.number().int().min(16).max(2000).default(600),
  h: z.coerce.number().int().min(16).max(2000).default(600),
});

/** The CDN path of seeded images: deterministic SVG art, cached forever. */
export function registerUploadRoutes(app: FastifyInstance) {
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
