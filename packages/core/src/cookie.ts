/** Cookie text helpers for `document.cookie` and Cookie headers: pure string work, no DOM. */

/** One cookie's value from a Cookie header or `document.cookie`; null when absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // not percent-encoded: the value as sent
    }
  }
  return null;
}

/** Attributes of a cookie the page writes. */
export interface CookieAttributes {
  /** Defaults to '/'. */
  path?: string;
  /** A shared parent domain (`.example.com`); host-only when absent. */
  domain?: string | undefined;
  /** Lifetime in seconds; 0 deletes the cookie. */
  maxAgeSeconds: number;
  /** Adds `Secure` (set it on https pages). */
  secure?: boolean;
}

// RFC 6265 cookie-octets: such a value goes out byte for byte, as the server writes tokens.
const COOKIE_OCTETS = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;

/** A `document.cookie` assignment (SameSite=Lax); a null value deletes the cookie. */
export function serializeCookie(name: string, value: string | null, attributes: CookieAttributes): string {
  const text = value ?? '';
  const encoded = COOKIE_OCTETS.test(text) ? text : encodeURIComponent(text);
  const maxAge = value === null ? 0 : Math.max(0, Math.floor(attributes.maxAgeSeconds));
  const parts = [`${name}=${encoded}`, `Path=${attributes.path ?? '/'}`];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  parts.push(`Max-Age=${maxAge}`, 'SameSite=Lax');
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}
