import type { EntryInput, EntryName, EntryOutput } from '@h5/contract';

export type { DomainName, EntryName, EntryOf } from '@h5/contract';
/** What an entry takes and answers, by name. */
export type InputOf<N extends EntryName> = EntryInput<N>;
export type OutputOf<N extends EntryName> = EntryOutput<N>;

/** The cache key of an entry and its input: the name and the input's JSON, keys sorted. */
export const keyOf = (name: EntryName, input: object): string =>
  name + JSON.stringify(input, Object.keys(input).sort());
