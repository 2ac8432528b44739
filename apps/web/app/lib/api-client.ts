import type {
  contract as ContractTable,
  Endpoint,
  EntryInput,
  EntryName,
  EntryOf,
  EntryOutput,
  PublicRuntimeConfig,
  RequestOf,
  ResponseOf,
} from '@h5/contract';
import type { CallOptions } from '@h5/request';

type Table = typeof ContractTable;
/** The browser's API: a contract entry by name (`'content.moreRecommend'`), its input, options. */
export type LazyApi = (<N extends EntryName>(
  name: N,
  input: EntryInput<N>,
  options?: CallOptions,
) => Promise<EntryOutput<N>>) & {
  /** The same call by endpoint, for packages that hold the contract themselves (the upload SDK). */
  endpoint: <E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: CallOptions,
  ) => Promise<ResponseOf<E>>;
};

interface Loaded {
  table: Table;
  entryOf: <N extends EntryName>(table: Table, name: N) => EntryOf<N>;
  call: <E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: CallOptions,
  ) => Promise<ResponseOf<E>>;
}

/**
 * The browser's API client, built from the public runtime config the root loader renders.
 * The contract table carries zod schemas, too heavy for first-load JS (DESIGN.md §8), so the
 * client and the table load on the first call and callers name their entry. Server loaders call
 * the API in process instead, through `prefetch` (lib/prefetch.server.ts), by the same names.
 */
export function createLazyApi(runtime: PublicRuntimeConfig): LazyApi {
  let loaded: Promise<Loaded> | undefined;
  const load = () => {
    loaded ??= import('./api-runtime').then((m) => m.createBrowserClient(runtime, api));
    return loaded;
  };
  const api: LazyApi = Object.assign(
    async <N extends EntryName>(name: N, input: EntryInput<N>, options?: CallOptions) => {
      const { table, entryOf, call } = await load();
      return call(entryOf(table, name), input as never, options) as Promise<EntryOutput<N>>;
    },
    {
      endpoint: async <E extends Endpoint>(endpoint: E, input: RequestOf<E>, options?: CallOptions) =>
        (await load()).call(endpoint, input, options),
    },
  );
  return api;
}
