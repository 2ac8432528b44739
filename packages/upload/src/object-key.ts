/** 20 random hex digits: getRandomValues works on http: pages too (randomUUID does not). */
export function randomId(): string {
  const bytes = new Uint8Array(10);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') {
    crypto.getRandomValues(bytes);
  } else {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A new object key under the token's prefix: `${startsWith}${time}${random}.${suffix}`. */
export const objectKeyOf = (startsWith: string, suffix: string): string =>
  `${startsWith}${Date.now().toString(36)}${randomId()}.${suffix}`;
