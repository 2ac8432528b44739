import { contract, type WindowVersion } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { versionHistory } from '../backstage/versions';
import { createAiImage } from './ai-image';
import { arSpuList } from './ar-spus';
import { commitHackingTask, hackingTaskList } from './hacking-task';
import { activityProducts, setActivityProducts } from './products-admin';
import { drawEncounter, encounterToday, tanabataRank, xinyinPick, xinyinProducts } from './sociality';
import { activityWindow } from './window';
import { listWindows, restoreWindow, updateWindow } from './window-admin';

/** Issue 17 point 5, issue 18 point 4 and issue 30 point 4 (the backstage's windows): activity windows, the AR list, hacking tasks, the 520 AI image, window edits. */
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
  // Issue 32 point 5: what 奇妙相遇, 七夕 and 心引力 let a user do inside their windows.
  registerEndpoint(app, deps, a.encounterToday, (_, { viewerId }) => encounterToday(db, viewerId));
  registerEndpoint(app, deps, a.encounterDraw, (_, { viewerId }) => drawEncounter(db, viewerId));
  registerEndpoint(app, deps, a.tanabataRank, (_, { viewerId }) => tanabataRank(db, viewerId));
  registerEndpoint(app, deps, a.xinyinProducts, (_, { viewerId }) => xinyinProducts(db, viewerId));
  registerEndpoint(app, deps, a.xinyinPick, (input, { viewerId }) => xinyinPick(db, viewerId, input));
  registerEndpoint(app, deps, a.aiImageCreate, (input, { viewerId, request }) =>
    createAiImage(deps, viewerId, { ...input, userAgent: request.headers['user-agent'] }),
  );
  // The backstage's windows (issue 30 point 4): the pages read the row on every call, so a
  // change shows on their next read (no cache in between).
  registerEndpoint(app, deps, a.windows, async () => ({ list: await listWindows(db) }));
  registerEndpoint(app, deps, a.windowUpdate, (input, { operator }) => updateWindow(db, operator, input));
  registerEndpoint(app, deps, a.windowHistory, async ({ code }) => ({
    list: (await versionHistory(db, 'activity-window', code)) as WindowVersion[],
  }));
  registerEndpoint(app, deps, a.windowRestore, (input, { operator }) => restoreWindow(db, operator, input));
  registerEndpoint(app, deps, a.activityProducts, ({ code }) => activityProducts(db, code));
  registerEndpoint(app, deps, a.setActivityProducts, (input, { operator }) =>
    setActivityProducts(db, operator, input),
  );
}
