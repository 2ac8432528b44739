import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Issue 6: the routes of the community part 'follow' (filled in by its owner). */
export function registerFollowRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
