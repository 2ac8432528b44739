/**
 * Path templates of the contract (`/x/v1/items/:itemId`): the parameter names and the filled path.
 * Here rather than only in `@h5/contract` so the browser client can fill paths without loading
 * the contract table (and zod) at run time.
 */
const PARAM = /:([A-Za-z_]\w*)/g;

/** Path parameter names of an endpoint path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1] as string);
}

/** The path with its `:name` parameters filled from `values` (URL-encoded). */
export function fillPath(path: string, values: Readonly<Record<string, unknown>>): string {
  return path.replace(PARAM, (_, name: string) => encodeURIComponent(String(values[name])));
}
