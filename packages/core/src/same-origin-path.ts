// Any origin will do: the value is resolved against it and must stay on it.
const PROBE_ORIGIN = 'http://x.invalid';
// C0 controls, DEL and C1 controls. Browsers drop tab, CR and LF anywhere in a URL (WHATWG URL
// parser), so `/\t/evil.example` is `//evil.example` to them; the others have no business in a path.
const CONTROL = /\p{Cc}/u;

/**
 * The same-origin path (`/path?query#hash`) a value names, re-serialised (percent-encoded ASCII,
 * fit for a Location header), or null when it could leave the origin: not starting with one `/`,
 * control characters, backslashes (browsers read them as `/`), another origin once resolved, or
 * a path that normalises to `//…` (protocol-relative). For redirects to a caller-given target.
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || CONTROL.test(value) || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
