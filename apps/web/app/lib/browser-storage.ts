/**
 * Web storage that tolerates being blocked (private mode, disabled cookies, SSR): reads give
 * null and writes are dropped, with a console note instead of an exception.
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch (error) {
    console.warn(`${which}Storage unavailable`, error);
    return null;
  }
}

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`${which}Storage read failed`, error);
    return null;
  }
}

export function writeStorage(which: Area, key: string, value: string | null): void {
  try {
    const storage = area(which);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch (error) {
    console.warn(`${which}Storage write failed`, error);
  }
}
