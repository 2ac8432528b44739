import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { activityGuide } from './activity-guides';
import { pickContent, pickReport } from './content-picks';
import { userMotivation } from './motivation';
import { taskPage } from './task-page';

/** Invitations, issue 18 point 3: the starter tasks, the motivation line, activity guides, the pick report. */
export function registerInviteTaskRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const i = contract.invite;
  registerEndpoint(app, deps, i.taskPage, (_, { viewerId }) => taskPage(db, viewerId));
  registerEndpoint(app, deps, i.userMotivation, (_, { viewerId }) => userMotivation(db, viewerId));
  registerEndpoint(app, deps, i.activityGuide, ({ activityId }) => activityGuide(db, activityId));
  registerEndpoint(app, deps, i.pickReport, (query, { viewerId }) => pickReport(db, viewerId, query));
  registerEndpoint(app, deps, i.pickContent, ({ contentId, reason }) => pickContent(db, contentId, reason));
}
