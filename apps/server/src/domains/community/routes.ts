import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerFollowRoutes } from './follow';
import { registerLightsRoutes } from './lights';
import { registerRepliesRoutes } from './replies';

/** The community domain: lights, replies (comments), follows and relations. */
export function registerCommunityRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerLightsRoutes(app, deps);
  registerRepliesRoutes(app, deps);
  registerFollowRoutes(app, deps);
}
