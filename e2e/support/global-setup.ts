import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { LIFTED_LIMITS } from '../../scripts/lifted-limits.mjs';
import { REPO_ROOT, startServer } from '../../scripts/start-server.mjs';
import { chromiumPath } from './browser';
import { E2E_SIGN_SECRET } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
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
  const server = await startServer({
    SIGN_SECRET: E2E_SIGN_SECRET,
    ...LIFTED_LIMITS,
  });
  project.provide('baseURL', server.baseURL);
  return server.stop;
}
