import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from './index';

/**
 * One layout per domain (issue 27 point 6): every folder of domains/ is one entry of DOMAINS, and
 * its routes.ts (or a routes-<topic>.ts it calls) is the only file that registers routes; the
 * other files export plain functions. Plain file reading.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const ROUTES_FILE = /^routes(-[\w-]+)?\.ts$/;
/** What registers routes: the contract's registrar, the in-process one, or a Fastify instance in hand. */
const REGISTERS = /\b(registerEndpoint|serveInProcess|FastifyInstance)\b/;
/** Files that hold an instance for something other than routes, and why. */
const NOT_ROUTES: Record<string, string> = {
  'upload/sweep.ts': 'logs and stops its timer on close (an onClose hook); registers no route',
};

const folders = readdirSync(HERE)
  .filter((name) => statSync(join(HERE, name)).isDirectory())
  .sort();

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

describe('domains (issue 27 point 6)', () => {
  it('DOMAINS lists every folder once, each with its routes.ts', () => {
    expect(DOMAINS.map((domain) => domain.name).sort()).toEqual(folders);
    for (const folder of folders) expect(existsSync(join(HERE, folder, 'routes.ts')), folder).toBe(true);
  });

  it('only routes.ts registers routes: the other files export handlers', () => {
    const registering = folders
      .flatMap((folder) => sourceFiles(join(HERE, folder)))
      .filter((file) => !ROUTES_FILE.test(file.slice(file.lastIndexOf('/') + 1)))
      .map((file) => relative(HERE, file))
      .filter((file) => !(file in NOT_ROUTES))
      .filter((file) => REGISTERS.test(readFileSync(join(HERE, file), 'utf8')));
    expect(registering).toEqual([]);
  });
});
