import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { createAiImage } from './ai-image';
import { arSpuList } from './ar-spus';
import { commitHackingTask, hackingTaskList } from './hacking-task';
import { activityWindow } from './window';

/** Issue 17 point 5 and issue 18 point 4: activity windows, the AR list, hacking tasks, the 520 AI image. */
export function registerActivityRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const a = contract.activity;
  registerEndpoint(app, deps, a.activityWindow, ({ code }) => activityWindow(db, code));
  registerEndpoint(app, deps, a.arSpuList, (_, { viewerId }) => arSpuList(db, viewerId));
  registerEndpoint(app, deps, a.hackingTaskCommit, (input, { viewerId }) =>
    commitHackingTask(db, viewerId, input),
  );
  registerEndpoint(app, deps, a.hackingTaskList, ({ code }, { viewerId }) =>
    hackingTaskList(db, viewerId, code),
  );
  registerEndpoint(app, deps, a.aiImageCreate, (input, { viewerId, request }) =>
    createAiImage(deps, viewerId, { ...input, userAgent: request.headers['user-agent'] }),
  );
}
