import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * sw/offline-reads.ts's paths and their domains, read from the contract at build time. The
 * contract is TypeScript that Node does not load, so the list is bundled first (a few ms) and
 * imported from memory.
 */
async function offlineReads(): Promise<{ paths: string[]; domainFolders: string[] }> {
  const result = await build({
    entryPoints: [here('./offline-reads.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return { paths: module.OFFLINE_API_PATHS, domainFolders: module.OFFLINE_API_DOMAIN_FOLDERS };
}

/**
 * The lazy chunks a reader needs to act on a kept page offline, which a visit may not have loaded:
 * the comment box (a comment written offline stays a draft), the network placeholder, the queued
 * lights, and the API client that reads kept pages. The worker keeps them (and what they import)
 * at install, with the contract domains of the kept reads.
 */
const SHELL_CHUNKS = ['CommentComposer', 'NetworkFailure', 'offline-lights', 'api-runtime'];

type Bundle = Parameters<NonNullable<Extract<Plugin['writeBundle'], (...args: never[]) => unknown>>>[1];

/**
 * The files of {@link SHELL_CHUNKS} and of the contract domains in `domainFolders`, their imports
 * and their styles, as URLs.
 */
function shellAssets(bundle: Bundle, domainFolders: readonly string[]): string[] {
  const files = new Set<string>();
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) add(imported);
  };
  // A domain's chunk holds its index module (rolldown may give it no facade: shared chunks have none).
  const domainIndex = (folder: string) => `/contract/src/domains/${folder}/index.ts`;
  const holdsDomain = (chunk: Bundle[string], folder: string) =>
    chunk.type === 'chunk' && chunk.moduleIds.some((id) => id.endsWith(domainIndex(folder)));
  const wanted = (chunk: Bundle[string]) =>
    chunk.type === 'chunk' &&
    (SHELL_CHUNKS.includes(chunk.name) || domainFolders.some((folder) => holdsDomain(chunk, folder)));
  for (const [fileName, chunk] of Object.entries(bundle)) if (wanted(chunk)) add(fileName);
  const missing = [
    ...SHELL_CHUNKS.filter(
      (name) => !Object.values(bundle).some((c) => c.type === 'chunk' && c.name === name),
    ),
    ...domainFolders
      .filter((folder) => !Object.values(bundle).some((c) => holdsDomain(c, folder)))
      .map((folder) => `the contract domain ${folder}`),
  ];
  if (missing.length > 0) throw new Error(`h5:service-worker: no chunk named ${missing.join(', ')}`);
  return [...files].map((file) => `/${file}`);
}

/**
 * `h5:service-worker`: after the client build, bundles sw/service-worker.ts (Workbox inside) into
 * `build/client/sw.js`, with the build's id (a hash of the client files' names, which carry their
 * content hashes) and the API reads it keeps. A deploy that changes any script changes sw.js, so
 * browsers install the new worker, which drops the old build's caches.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'h5:service-worker',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const reads = await offlineReads();
      const shell = shellAssets(bundle, reads.domainFolders);
      const buildId = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
      const outfile = join(outDir, 'sw.js');
      await build({
        entryPoints: [here('./service-worker.ts')],
        outfile,
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        legalComments: 'none',
        define: {
          __H5_BUILD_ID__: JSON.stringify(buildId),
          __H5_OFFLINE_API_PATHS__: JSON.stringify(reads.paths),
          __H5_SHELL_ASSETS__: JSON.stringify(shell),
          // Workbox's development logs and assertions.
          'process.env.NODE_ENV': '"production"',
        },
      });
      // Its compressed twins, as the scripts have (vite.config.ts `h5:precompressed`).
      const source = readFileSync(outfile);
      writeFileSync(
        `${outfile}.br`,
        brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${outfile}.gz`, gzipSync(source, { level: 9 }));
    },
  };
}
