/** The part of Web Crypto the uuid needs (either may be missing). */
interface CryptoLike {
  randomUUID?: () => string;
  getRandomValues?: (array: Uint8Array) => unknown;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * A v4 uuid: `crypto.randomUUID` (secure contexts only), else `getRandomValues` (plain-http
 * webviews have it), else `random` (old engines). Used for analytics events (stored with the
 * event, so every resend carries the same one), form request ids and upload object keys.
 */
export function createUuid(
  crypto: CryptoLike | undefined = (globalThis as { crypto?: CryptoLike }).crypto,
  random: () => number = Math.random,
): string {
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(random() * 256);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  let out = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) out += '-';
    out += HEX[bytes[i] as number];
  }
  return out;
}
