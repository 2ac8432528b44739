#!/usr/bin/env node
// Issue 12 "Done when": which exported constants of packages/core/src/constants/ product code
// never reads. Product code is every non-test source file of apps/* and packages/* (tools/ and
// e2e/ are not the product). A constant counts as read when a live place reads it at run time:
// anything in apps/*, or a declaration of packages/* that a live place uses in turn — so a
// constant read only by a core helper that nothing calls is still unread. Type positions
// (`typeof X`) and re-exports are not reads. References are resolved by TypeScript's checker
// (aliases and barrels followed), not by text, so a name in a comment or string counts for nothing.
//
// Run: `node scripts/constants-usage.mjs` prints one line per constant; exit 1 when an unread
// constant has no line in docs/constants.md (or a documented one is read now).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONSTANTS_DIR = 'packages/core/src/constants';
/** The docs page that lists each unread constant with its reason. */
export const DOCS_PAGE = 'docs/constants.md';
const PRODUCT_DIRS = ['apps/server/src', 'apps/web/app', ...packageSrcDirs()];

function packageSrcDirs() {
  return readdirSync(join(ROOT, 'packages')).map((name) => `packages/${name}/src`);
}

const isTestFile = (path) => /\.test\.tsx?$/.test(path) || /(^|\/)test-utils(\.tsx?$|\/)/.test(path);

function sourceFiles(dir) {
  const out = [];
  const walk = (abs) => {
    for (const name of readdirSync(abs)) {
      const full = join(abs, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'node_modules' && !name.startsWith('.')) walk(full);
      } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(join(ROOT, dir));
  return out.filter((file) => !isTestFile(relative(ROOT, file)));
}

const rel = (file) => relative(ROOT, file).split('\\').join('/');

/** The top-level statement of the file that holds `node`. */
function topStatement(node) {
  let current = node;
  while (current.parent && !ts.isSourceFile(current.parent)) current = current.parent;
  return current;
}

/** True when `node` sits in a type position (`typeof X`, an annotation, an interface). */
function inTypePosition(node) {
  for (let p = node.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isTypeNode(p) || ts.isInterfaceDeclaration(p) || ts.isTypeAliasDeclaration(p)) return true;
    if (
      ts.isExpressionWithTypeArguments(p) &&
      ts.isHeritageClause(p.parent) &&
      p.parent.token === ts.SyntaxKind.ImplementsKeyword
    )
      return true;
  }
  return false;
}

/**
 * Reads product code and answers, for each exported constant of packages/core/src/constants,
 * the first live place that reads it (`file: declaration`), or null when none does.
 */
export function constantReaders() {
  const files = PRODUCT_DIRS.flatMap(sourceFiles);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const resolve = (symbol) => {
    let s = symbol;
    while (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
    return s;
  };

  const constants = new Map(); // symbol → { name, file }
  /** Uses by context: a top-level declaration's symbol, or 'live' for apps and module-level code. */
  const uses = new Map(); // context → Set<symbol>
  const readerOf = new Map(); // symbol → first live reader's description
  const contextName = new Map(); // context symbol → 'file: name'

  for (const sf of program.getSourceFiles()) {
    const path = rel(sf.fileName);
    if (!PRODUCT_DIRS.some((dir) => path.startsWith(`${dir}/`)) || isTestFile(path)) continue;
    const inApps = path.startsWith('apps/');
    const isConstants = path.startsWith(`${CONSTANTS_DIR}/`);

    if (isConstants) {
      for (const statement of sf.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
        for (const decl of statement.declarationList.declarations) {
          const symbol = checker.getSymbolAtLocation(decl.name);
          if (symbol) constants.set(symbol, { name: decl.name.getText(sf), file: path });
        }
      }
    }

    const contextOf = (node) => {
      if (inApps) return 'live';
      const top = topStatement(node);
      if (ts.isImportDeclaration(top) || ts.isExportDeclaration(top)) return null;
      let named;
      if (ts.isFunctionDeclaration(top) || ts.isClassDeclaration(top)) named = top.name;
      else if (ts.isVariableStatement(top)) {
        const decl = top.declarationList.declarations.find((d) => d.pos <= node.pos && node.end <= d.end);
        named = decl && ts.isIdentifier(decl.name) ? decl.name : undefined;
      } else if (ts.isExportAssignment(top)) return 'live';
      if (!named) return 'live'; // module-level code runs when the module loads
      const symbol = checker.getSymbolAtLocation(named);
      if (!symbol) return 'live';
      contextName.set(symbol, `${path}: ${named.text}`);
      return symbol;
    };

    const record = (target, node) => {
      const context = target ? contextOf(node) : null;
      if (!target || !context) return;
      if (context === 'live') {
        if (!readerOf.has(target)) readerOf.set(target, path);
      } else if (context !== target) {
        const set = uses.get(context) ?? new Set();
        set.add(target);
        uses.set(context, set);
      }
    };

    const visit = (node) => {
      // `const { x } = await import('@h5/bridge')`, `({ x }) => …`: a read of the property x.
      if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent) && !inTypePosition(node)) {
        const key = node.propertyName ?? node.name;
        if (ts.isIdentifier(key)) {
          const owner = checker.getTypeAtLocation(node.parent);
          record(resolve(owner.getProperty(key.text)), node);
        }
      }
      if (ts.isIdentifier(node) && !inTypePosition(node)) {
        const parent = node.parent;
        const isDeclarationName =
          parent && 'name' in parent && parent.name === node && !ts.isPropertyAccessExpression(parent);
        if (!isDeclarationName || ts.isShorthandPropertyAssignment(parent)) {
          record(resolve(checker.getSymbolAtLocation(node)), node);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  // Live: read from apps/ or module-level code, then whatever a live declaration uses, transitively.
  const queue = [...readerOf.keys()];
  while (queue.length > 0) {
    const symbol = queue.pop();
    for (const target of uses.get(symbol) ?? []) {
      if (readerOf.has(target)) continue;
      readerOf.set(target, contextName.get(symbol) ?? 'live');
      queue.push(target);
    }
  }

  return [...constants].map(([symbol, { name, file }]) => ({
    name,
    file,
    readBy: readerOf.get(symbol) ?? null,
  }));
}

/** Constant names listed in the docs page's list (`- \`NAME\` …`). */
export function documentedUnread() {
  const text = readFileSync(join(ROOT, DOCS_PAGE), 'utf8');
  return new Set([...text.matchAll(/^- `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]));
}

/**
 * The verdict: unread constants without a docs line, and documented constants that are read
 * now (their line is stale). Both lists empty means the check passes.
 */
export function checkConstants(readers = constantReaders(), documented = documentedUnread()) {
  const undocumented = readers.filter((c) => c.readBy === null && !documented.has(c.name)).map((c) => c.name);
  const stale = readers.filter((c) => c.readBy !== null && documented.has(c.name)).map((c) => c.name);
  return { undocumented, stale };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const readers = constantReaders();
  const documented = documentedUnread();
  for (const c of readers.sort((a, b) => a.name.localeCompare(b.name))) {
    const state = c.readBy
      ? `read by ${c.readBy}`
      : documented.has(c.name)
        ? `UNREAD, documented in ${DOCS_PAGE}`
        : 'UNREAD, NOT DOCUMENTED';
    console.log(`${c.name.padEnd(32)} ${state}`);
  }
  const { undocumented, stale } = checkConstants(readers, documented);
  for (const name of undocumented)
    console.error(`✖ ${name}: never read by product code; wire it or add a line to ${DOCS_PAGE}`);
  for (const name of stale)
    console.error(`✖ ${name}: read by product code now; remove its line from ${DOCS_PAGE}`);
  process.exit(undocumented.length + stale.length > 0 ? 1 : 0);
}
