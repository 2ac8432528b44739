// Shared by the packages' "no contract table, no zod at run time" tests (packages/request,
// packages/tracker): what a source file imports at run time.

/** Module specifiers a source file imports at run time (`import type` / `export type` excluded). */
export function runtimeImports(source) {
  const statements = source.match(/^(?:import|export)\s[^;]*?\sfrom\s+'[^']+';/gms) ?? [];
  return statements
    .filter((s) => !/^(?:import|export)\s+type\s/.test(s))
    .map((s) => s.match(/from\s+'([^']+)'/)[1]);
}
