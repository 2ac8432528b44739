import { ANONYMOUS_ID_KEY } from './constants';
import { createUuid } from './uuid';

/** The form of an anonymous id the collectors accept: 16–64 hex digits or dashes (a uuid). */
export const ANONYMOUS_ID_FORMAT = /^[0-9a-f-]{16,64}$/i;

/** The two methods of Web Storage the anonymous id needs. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The device's anonymous user id (spec §3): the one kept in `storage` under `h5AnonymousId`, or a
 * new random uuid stored there when it is missing or not an id (edited by hand). Nothing clears
 * it, so it stays the same across logins and logouts. Storage that throws gives a fresh id.
 */
export function deviceAnonymousId(storage: KeyValueStorage | null | undefined, create = createUuid): string {
  try {
    const stored = storage?.getItem(ANONYMOUS_ID_KEY);
    if (stored && ANONYMOUS_ID_FORMAT.test(stored)) return stored;
  } catch {
    // Blocked storage (private mode, a sandboxed frame): this page keeps an id of its own.
  }
  const id = create();
  try {
    storage?.setItem(ANONYMOUS_ID_KEY, id);
  } catch {
    // Full or blocked: the id lives as long as the page.
  }
  return id;
}
