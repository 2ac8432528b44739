import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerFollowRoutes } from './follow';
import { registerLightsRoutes } from './lights';
import { registerRepliesRoutes } from './replies';
import { registerUsersRoutes } from './users';

/** The community domain: lights, replies (comments), follows and relations, followings and hash ids. */
export function registerCommunityRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerLightsRoutes(app, deps);
  registerRepliesRoutes(app, deps);
  registerFollowRoutes(app, deps);
  registerUsersRoutes(app, deps);
}
