import { createUuid } from '@h5/core';

/** A new object key under the token's prefix: `${startsWith}${time}${random}.${suffix}`. */
export const objectKeyOf = (startsWith: string, suffix: string): string =>
  `${startsWith}${Date.now().toString(36)}${createUuid().replaceAll('-', '')}.${suffix}`;
