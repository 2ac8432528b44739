/** A positive integer id from a query parameter, or null when missing or malformed. */
export function queryId(request: Request | URL | string, name: string): number | null {
  const url = typeof request === 'string' || request instanceof URL ? new URL(request) : new URL(request.url);
  const raw = url.searchParams.get(name)?.trim() ?? '';
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
