import type {
  contract as ContractTable,
  Endpoint,
  PublicRuntimeConfig,
  RequestOf,
  ResponseOf,
} from '@h5/contract';

type Table = typeof ContractTable;
/** Picks an endpoint from the contract table: `(c) => c.content.moreRecommend`. */
export type EndpointPick<E extends Endpoint> = (table: Table) => E;
export type LazyApi = <E extends Endpoint>(
  pick: EndpointPick<E>,
  input: RequestOf<E>,
) => Promise<ResponseOf<E>>;

interface Loaded {
  table: Table;
  call: <E extends Endpoint>(endpoint: E, input: RequestOf<E>) => Promise<ResponseOf<E>>;
}

/** Starts loading the HTTP client and the contract table (its own chunk, with zod). */
export function preloadApiModules(): Promise<[typeof import('@h5/request'), typeof import('@h5/contract')]> {
  return Promise.all([import('@h5/request'), import('@h5/contract')]);
}

/**
 * The browser's API client, built from the public runtime config the root loader renders.
 * The contract table carries zod schemas, too heavy for first-load JS (DESIGN.md §8), so the
 * client and the table load on the first call and callers pick their endpoint by selector.
 * Server loaders call `context.api(contract.x, input)` directly instead.
 */
export function createLazyApi(runtime: PublicRuntimeConfig): LazyApi {
  let loaded: Promise<Loaded> | undefined;
  const load = () => {
    loaded ??= preloadApiModules().then(([request, contractModule]) => ({
      table: contractModule.contract,
      call: request.createApiClient({ baseUrl: runtime.apiBaseUrl, signSecret: runtime.signSecret }),
    }));
    return loaded;
  };
  return async (pick, input) => {
    const { table, call } = await load();
    return call(pick(table), input);
  };
}
