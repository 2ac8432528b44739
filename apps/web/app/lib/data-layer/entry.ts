import type { contract as ContractTable, Endpoint, RequestOf, ResponseOf } from '@h5/contract';
import type { EndpointPick } from '../api-client';

type Table = typeof ContractTable;

/** A contract entry by name, `domain.entry`: `'content.moreRecommend'`. */
export type EntryName = {
  [D in keyof Table]: `${D & string}.${keyof Table[D] & string}`;
}[keyof Table];

/** The endpoint a name stands for. */
export type EntryOf<N extends EntryName> = N extends `${infer D extends keyof Table}.${infer E}`
  ? E extends keyof Table[D]
    ? Table[D][E] extends Endpoint
      ? Table[D][E]
      : never
    : never
  : never;

export type InputOf<N extends EntryName> = RequestOf<EntryOf<N>>;
export type OutputOf<N extends EntryName> = ResponseOf<EntryOf<N>>;

/** The lazy client's selector for a name (the table itself loads with the first call). */
export function pickOf<N extends EntryName>(name: N): EndpointPick<EntryOf<N>> {
  const [domain, entry] = name.split('.') as [keyof Table, string];
  return (table) => (table[domain] as unknown as Record<string, EntryOf<N>>)[entry] as EntryOf<N>;
}

/** The cache key of an entry and its input: the name and the input's JSON, keys sorted. */
export const keyOf = (name: EntryName, input: object): string =>
  name + JSON.stringify(input, Object.keys(input).sort());
