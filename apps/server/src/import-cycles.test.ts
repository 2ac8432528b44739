import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles (issue 27 point 5): the graph of relative imports of each source root —
 * `import`, `import type`, `export … from` and dynamic `import()` alike, test files included —
 * holds no strongly connected component of more than one file and no file importing itself.
 * Plain file reading: nothing here is run or bundled.
 */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_FILE = /\.(ts|tsx|mts)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (SOURCE_FILE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** `./x` from `a/b.ts` → `a/x.ts` (or `.tsx`, `/index.ts`); a `.js` specifier names its `.ts` source. */
function resolveImport(from: string, specifier: string, files: Set<string>): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.(m?js|jsx)$/, '')];
  for (const candidate of candidates) {
    for (const suffix of RESOLVE_SUFFIXES) if (files.has(candidate + suffix)) return candidate + suffix;
  }
  return undefined;
}

/** Each file of `root` → the files of `root` it imports (relative specifiers only). */
function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveImport(file, specifier, known))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** Tarjan's strongly connected components; those of one file are kept only if it imports itself. */
function cyclicComponents(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One shortest cycle through the component's first file, by breadth-first search inside it. */
function shortestCycle(graph: Map<string, string[]>, component: string[]): string[] {
  const start = component[0] as string;
  const inside = new Set(component);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const target of graph.get(node) ?? []) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** Every cycle of `root`, one line each, with the paths relative to `root`. */
function importCycles(root: string): string[] {
  const graph = importGraph(root);
  const name = (file: string) => relative(root, file);
  return cyclicComponents(graph).map((component) => {
    const cycle = shortestCycle(graph, component);
    const line = cycle.map(name).join(' → ');
    const others = component.length - (cycle.length - 1);
    return others > 0 ? `${line}  (and ${others} more files in cycles with these)` : line;
  });
}

function expectNoCycles(root: string) {
  const cycles = importCycles(join(REPO, root));
  if (cycles.length > 0) console.log(`import cycles in ${root}:\n  ${cycles.join('\n  ')}`);
  expect(cycles, `import cycles in ${root}`).toEqual([]);
}

const PACKAGE_ROOTS = readdirSync(join(REPO, 'packages'))
  .map((name) => `packages/${name}/src`)
  .filter((root) => existsSync(join(REPO, root)))
  .sort();

describe('import cycles (issue 27 point 5)', () => {
  it('the server has none (apps/server/src)', () => {
    expectNoCycles('apps/server/src');
  });

  it.each(PACKAGE_ROOTS)('%s has none', (root) => {
    expectNoCycles(root);
  });

  it('the web app has none (apps/web/app)', () => {
    expectNoCycles('apps/web/app');
  });

  it('follows type imports, re-exports and dynamic import(), and prints each cycle', () => {
    const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      mkdirSync(join(root, 'b'));
      writeFileSync(join(root, 'a.ts'), "import type { B } from './b';\nexport const a = 1;\n");
      writeFileSync(join(root, 'b', 'index.ts'), "export * from './c';\nexport type B = number;\n");
      writeFileSync(join(root, 'b', 'c.tsx'), "// import './x'\nexport const c = () => import('../a');\n");
      writeFileSync(join(root, 'self.ts'), "import './self.js';\nimport { a } from './a';\nimport 'zod';\n");
      expect(importCycles(root)).toEqual(['a.ts → b/index.ts → b/c.tsx → a.ts', 'self.ts → self.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
