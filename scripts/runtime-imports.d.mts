/** Module specifiers a source file imports at run time (`import type` / `export type` excluded). */
export function runtimeImports(source: string): string[];
