import { defineConfig } from 'vitest/config';

/**
 * One runner, five projects: unit (packages, web), integration (server on PGlite / PostgreSQL),
 * cluster (built nodes behind nginx), e2e (browser) and e2e-cluster (browser through the topology).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
            'tools/*/src/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.cluster.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One shared database per run (a PGlite instance costs seconds to create): files run one
          // after another in one worker that keeps its module cache (apps/server/src/test-utils).
          fileParallelism: false,
          isolate: false,
        },
      },
      {
        test: {
          // Several built server nodes behind nginx on a throwaway PostgreSQL (issue 26), reads
          // from a throwaway streaming replica and the server through a throwaway PgBouncer
          // (issue 29): after the build, once per run (not again on DATABASE_URL's database).
          name: 'cluster',
          include: ['apps/server/src/**/*.cluster.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          exclude: ['e2e/cluster/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
      {
        test: {
          // Browser journeys through the multi-node topology of `npm run cluster` while nodes
          // restart (issue 29 point 6): the spec starts the topology itself, since it stops and
          // starts nodes; after the build.
          name: 'e2e-cluster',
          include: ['e2e/cluster/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
