#!/usr/bin/env node
// `npm run db:generate -w @h5/server`: drizzle-kit generate. npm installs drizzle-orm under
// apps/server/node_modules while drizzle-kit is hoisted to the root, where its
// `import('drizzle-orm')` cannot see it; link it there for the run, then remove the link.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const rootLink = fileURLToPath(new URL('../../../node_modules/drizzle-orm', import.meta.url));
const linked = !existsSync(rootLink);
if (linked) symlinkSync(`${serverDir}node_modules/drizzle-orm`, rootLink, 'dir');
try {
  const result = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], {
    cwd: serverDir,
    stdio: 'inherit',
  });
  process.exitCode = result.status ?? 1;
} finally {
  if (linked) rmSync(rootLink);
}
