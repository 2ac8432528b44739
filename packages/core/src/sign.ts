import { md5 } from 'js-md5';

/** A value as it enters the sign string: objects and arrays as JSON, the rest as text. */
function signValue(value: unknown): string {
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The sign string of spec §5 before hashing: keys sorted, key + value concatenated,
 * arrays and objects JSON-serialised, undefined skipped, the secret appended.
 */
export function signSource(params: Readonly<Record<string, unknown>>, secret: string): string {
  let out = '';
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined) continue;
    out += key + signValue(value);
  }
  return out + secret;
}

/** Request sign of spec §5: MD5 hex of {@link signSource}. Used by the browser client and the server check. */
export function signParams(params: Readonly<Record<string, unknown>>, secret: string): string {
  return md5(signSource(params, secret));
}
