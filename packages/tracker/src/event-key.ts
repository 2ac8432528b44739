/** What a stored event's key says about it, so a scan never reads the values. */
export interface EventKeyInfo {
  key: string;
  uuid: string;
  expiresAt: number;
  /** Length of the stored JSON value (UTF-16 code units). */
  valueLength: number;
  /** Bytes the entry takes in storage: key and value, two bytes per UTF-16 code unit. */
  bytes: number;
}

/** The namespace of event keys under the queue's prefix. */
export const EVENT_SEGMENT = 'e:';

/** Storage bytes of one entry (browsers store UTF-16: two bytes per code unit of key and value). */
export const storedBytes = (key: string, valueLength: number): number => 2 * (key.length + valueLength);

/**
 * `<prefix>e:<expiresAt base36>:<value length base36>:<uuid>`: one key per event (append-only
 * writes, no shared index to rewrite), and the expiry (hence age) and size are in the key so a
 * scan of keys alone orders, expires and budgets the queue.
 */
export function eventKey(prefix: string, expiresAt: number, valueLength: number, uuid: string): string {
  return `${prefix}${EVENT_SEGMENT}${expiresAt.toString(36)}:${valueLength.toString(36)}:${uuid}`;
}

/** Parses an event key made by {@link eventKey}; null for a malformed one. */
export function parseEventKey(prefix: string, key: string): EventKeyInfo | null {
  const start = prefix.length + EVENT_SEGMENT.length;
  const first = key.indexOf(':', start);
  const second = first < 0 ? -1 : key.indexOf(':', first + 1);
  if (second < 0) return null;
  const expiresAt = Number.parseInt(key.slice(start, first), 36);
  const valueLength = Number.parseInt(key.slice(first + 1, second), 36);
  const uuid = key.slice(second + 1);
  if (!(expiresAt > 0) || !(valueLength > 0) || uuid === '') return null;
  return { key, uuid, expiresAt, valueLength, bytes: storedBytes(key, valueLength) };
}
