import type {
  contract as ContractTable,
  Endpoint,
  PublicRuntimeConfig,
  RequestOf,
  ResponseOf,
} from '@h5/contract';
import type { CallOptions } from '@h5/request';

type Table = typeof ContractTable;
/** Picks an endpoint from the contract table: `(c) => c.content.moreRecommend`. */
export type EndpointPick<E extends Endpoint> = (table: Table) => E;
export type LazyApi = <E extends Endpoint>(
  pick: EndpointPick<E>,
  input: RequestOf<E>,
  options?: CallOptions,
) => Promise<ResponseOf<E>>;

interface Loaded {
  table: Table;
  call: <E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: CallOptions,
  ) => Promise<ResponseOf<E>>;
}

/**
 * The browser's API client, built from the public runtime config the root loader renders.
 * The contract table carries zod schemas, too heavy for first-load JS (DESIGN.md §8), so the
 * client and the table load on the first call and callers pick their endpoint by selector.
 * Server loaders call the API in process instead, through `prefetch` (lib/prefetch.server.ts).
 */
export function createLazyApi(runtime: PublicRuntimeConfig): LazyApi {
  let loaded: Promise<Loaded> | undefined;
  const api: LazyApi = async (pick, input, options) => {
    loaded ??= import('./api-runtime').then((m) => m.createBrowserClient(runtime, api));
    const { table, call } = await loaded;
    return call(pick(table), input, options);
  };
  return api;
}
