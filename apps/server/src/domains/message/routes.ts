import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { markRead, messagePage, unreadCounts } from './queries';

/**
 * The message domain (issue 32 point 3): the reader's unread counts, lists and marking read. The
 * counts and the marking through `deps.db` (the reader sees their own marking at once), the
 * lists through `deps.reads`. The messages themselves are written by the other domains' writes
 * through ./notify.ts.
 */
export function registerMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const calls = contract.message;
  registerEndpoint(app, deps, calls.unreadCounts, (_input, { viewerId }) => unreadCounts(deps.db, viewerId));
  registerEndpoint(app, deps, calls.list, (input, { viewerId }) => messagePage(deps.reads, viewerId, input));
  registerEndpoint(app, deps, calls.markRead, (input, { viewerId }) => markRead(deps.db, viewerId, input));
}
