import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NativeTokens } from '@h5/bridge';
import type { TestProject } from 'vitest/node';
import { DEMO_CREATOR_PHONE } from '../../apps/server/src/db/seed/creator-portrait';
import { SEED_DEMO_CREATOR } from '../../apps/server/src/db/seed/upgrade-seed';
import { LIFTED_LIMITS } from '../../scripts/lifted-limits.mjs';
import { type OperatorAccount, REPO_ROOT, startServer } from '../../scripts/start-server.mjs';
import { apiLogin } from './api';
import { chromiumPath } from './browser';
import { E2E_SIGN_SECRET } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The seeded demo creators' sessions: users 1 (data centre) and 10 (upgrade programme). */
    demoSessions: { dataCentre: NativeTokens; upgrade: NativeTokens };
    /** The backstage accounts of the shared server (issue 30): a moderator and a live ops operator. */
    operators: { moderator: OperatorAccount; live_ops: OperatorAccount };
  }
}

/** One server for the whole browser run, on a fresh PGlite data folder seeded at start. */
export default async function setup(project: TestProject) {
  chromiumPath();
  for (const built of ['apps/server/dist/main.js', 'apps/web/build/server/index.js']) {
    if (!existsSync(join(REPO_ROOT, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  // Every browser of the run logs in from 127.0.0.1, so the shared server lifts the risk and rate
  // limits; the journeys of a limit start their own server with low ones.
  const server = await startServer(
    {
      SIGN_SECRET: E2E_SIGN_SECRET,
      ...LIFTED_LIMITS,
    },
    { operators: ['moderator', 'live_ops'] },
  );
  project.provide('baseURL', server.baseURL);
  const { moderator, live_ops } = server.operators;
  if (!moderator || !live_ops) throw new Error('the shared server has no operator accounts');
  project.provide('operators', { moderator, live_ops });
  // A phone gets one login code a minute, and test files run in parallel: the seeded creators log
  // in once here, and every file that acts as one of them shares the session.
  project.provide('demoSessions', {
    dataCentre: await apiLogin(server.baseURL, DEMO_CREATOR_PHONE),
    upgrade: await apiLogin(server.baseURL, SEED_DEMO_CREATOR.phone),
  });
  return server.stop;
}
