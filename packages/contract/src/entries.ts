import type { Endpoint, RequestOf, ResponseOf } from './endpoint';
import type { contract } from './table';

type Table = typeof contract;

/** A domain of the contract table: `'live'`. */
export type DomainName = keyof Table & string;

/**
 * A contract entry by name, `domain.entry` (`'content.moreRecommend'`): the one way the web app
 * names a call, for reads, writes, prefetches and cache keys alike.
 */
export type EntryName = {
  [D in DomainName]: `${D}.${keyof Table[D] & string}`;
}[DomainName];

/** The endpoint a name stands for. */
export type EntryOf<N extends EntryName> = N extends `${infer D extends DomainName}.${infer E}`
  ? E extends keyof Table[D]
    ? Table[D][E] extends Endpoint
      ? Table[D][E]
      : never
    : never
  : never;

/** What an entry takes and answers, by name. */
export type EntryInput<N extends EntryName> = RequestOf<EntryOf<N>>;
export type EntryOutput<N extends EntryName> = ResponseOf<EntryOf<N>>;

/**
 * The endpoint of `name` in `table`: the contract table, or where it loads lazily the part that
 * holds `name`'s domain.
 */
export function entryOf<N extends EntryName>(table: Partial<Table>, name: N): EntryOf<N> {
  const [domain, entry] = name.split('.') as [DomainName, string];
  const found = (table[domain] as Record<string, Endpoint> | undefined)?.[entry];
  if (!found) throw new Error(`no contract entry ${name}`);
  return found as EntryOf<N>;
}

/** The name of an endpoint of `table` (or of the domains given), for code that holds endpoints (the upload SDK). */
export function entryNameOf(table: Partial<Table>, endpoint: Endpoint): EntryName {
  for (const [domain, calls] of Object.entries(table))
    for (const [entry, found] of Object.entries(calls as Record<string, Endpoint>))
      if (found === endpoint) return `${domain}.${entry}` as EntryName;
  throw new Error(`no contract entry at ${endpoint.path}`);
}
