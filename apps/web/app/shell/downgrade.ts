import { DOWNGRADE_QUERY_FLAG } from '@h5/core';
import { readStorage, writeStorage } from '../lib/browser-storage';
import { readPageQuery } from '../lib/page-query';

/** The local-storage flag of downgrade mode (spec §3) shares the query flag's name. */
export const DOWNGRADE_STORAGE_KEY = DOWNGRADE_QUERY_FLAG;

/** Downgrade mode is on when the query flag or the local flag says so. */
export function isDowngradeOn(href: string, storedFlag: string | null): boolean {
  return readPageQuery(new URL(href).searchParams).downgrade || storedFlag === '1';
}

/** The URL with the downgrade query flag added (`downgrade_to_export=1`) or removed. */
export function withDowngradeFlag(href: string, on: boolean): string {
  const url = new URL(href);
  if (on) url.searchParams.set(DOWNGRADE_QUERY_FLAG, '1');
  else url.searchParams.delete(DOWNGRADE_QUERY_FLAG);
  return url.toString();
}

/** Flips downgrade mode: the local flag now, then a navigation to the URL with or without the query flag. */
export function toggleDowngrade(): void {
  const on = isDowngradeOn(location.href, readStorage('local', DOWNGRADE_STORAGE_KEY));
  writeStorage('local', DOWNGRADE_STORAGE_KEY, on ? null : '1');
  location.assign(withDowngradeFlag(location.href, !on));
}
