import { minify } from 'terser';
import type { Plugin } from 'vite';

// A second minifier over the client chunks Vite's own (Oxc) already minified: terser with three
// compress passes finds what Oxc leaves (≈0.5 KiB of gzip in first-load JS, DESIGN.md §8 budget),
// and each alone does worse than both (terser alone grows the React DOM chunk). Runs after Vite's
// last rewrites of the chunks (the preload markers) and before the compressed twins are written.
// A chunk's hash stays that of Oxc's output, which the deterministic pass maps to one result.
/** Runs terser over every client chunk once Vite has written its code (client build only). */
export function terserPass(): Plugin {
  return {
    name: 'h5:terser-pass',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const result = await minify(chunk.code, {
            module: true,
            compress: { passes: 3 },
            format: { comments: false },
          });
          if (result.code !== undefined) chunk.code = result.code;
        }
      },
    },
  };
}
