import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Issue 6: the routes of the community part 'replies' (filled in by its owner). */
export function registerRepliesRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
