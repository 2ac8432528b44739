import { describe, expect, it } from 'vitest';
import { runtimeImports } from '../../../scripts/runtime-imports.mjs';

declare global {
  interface ImportMeta {
    /** Vite's glob import (vitest runs this file through Vite); typed here for this test only. */
    glob<T>(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, T>;
  }
}

/** The package's own source files, as text, by './name.ts'. */
const SOURCES = import.meta.glob<string>('./*.ts', { query: '?raw', import: 'default', eager: true });
const SHIPPED = Object.keys(SOURCES)
  .map((path) => path.slice(2))
  .filter((file) => !file.endsWith('.test.ts') && file !== 'test-utils.ts');

describe('the tracker loads no contract table and no zod in the browser', () => {
  it('finds the shipped files', () => {
    expect(SHIPPED).toEqual(expect.arrayContaining(['index.ts', 'create-analytics.ts', 'event-queue.ts']));
  });

  it.each(SHIPPED)('%s imports only @h5/core and its own files at run time', (file) => {
    const imports = runtimeImports(SOURCES[`./${file}`] ?? '');
    expect(imports.filter((spec) => spec !== '@h5/core' && !spec.startsWith('./'))).toEqual([]);
  });
});
