#!/usr/bin/env node
// `npm test`: everything, in the order that fails fastest — typecheck, lint, unit and
// integration tests, the production build, the first-load JS budget of that build (DESIGN.md §8),
// the cluster tests (several built nodes behind nginx), then the browser tests against the build,
// then browser journeys through the whole multi-node topology while its nodes restart.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['unit + integration', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'integration']],
  ['build', 'npm', ['run', 'build']],
  ['first-load JS budget', 'npx', ['tsx', 'bench/first-load-budget.ts']],
  [
    'cluster (three built nodes behind nginx on a throwaway PostgreSQL)',
    'npx',
    ['vitest', 'run', '--project', 'cluster'],
  ],
  ['e2e (browser)', 'npx', ['vitest', 'run', '--project', 'e2e']],
  [
    'e2e through the cluster (the topology of npm run cluster, nodes restarting under six journeys)',
    'npx',
    ['vitest', 'run', '--project', 'e2e-cluster'],
  ],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all checks passed');
