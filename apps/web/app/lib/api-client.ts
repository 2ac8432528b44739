import type {
  Endpoint,
  EntryInput,
  EntryName,
  EntryOf,
  EntryOutput,
  PublicRuntimeConfig,
  RequestOf,
  ResponseOf,
} from '@h5/contract';
import { PLACEHOLDER_MESSAGES } from '@h5/core';
import type { CallOptions } from '@h5/request';
import { showPageToast } from './page-signals';

/** The browser's API: a contract entry by name (`'content.moreRecommend'`), its input, options. */
export type LazyApi = <N extends EntryName>(
  name: N,
  input: EntryInput<N>,
  options?: CallOptions,
) => Promise<EntryOutput<N>>;

/** The client's heavy half as the platform builds it (platform/api-runtime.ts). */
export interface Loaded {
  /** The endpoint of a name, loading its domain's part of the contract (zod) on first use. */
  loadEndpoint: <N extends EntryName>(name: N) => Promise<EntryOf<N>>;
  call: <E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: CallOptions,
  ) => Promise<ResponseOf<E>>;
}

/** How the client's heavy half loads; the app's root provides it (the platform layer builds it). */
type RuntimeLoader = (runtime: PublicRuntimeConfig, api: LazyApi) => Promise<Loaded>;
let loadRuntime: RuntimeLoader | undefined;

/** Called once by the app's root: lib never imports the platform layer above it. */
export function provideApiRuntime(loader: RuntimeLoader): void {
  loadRuntime = loader;
}

/**
 * The browser's API client, built from the public runtime config the root loader renders.
 * The contract table carries zod schemas, too heavy for first-load JS (DESIGN.md §8), so the
 * client loads on the first call, each domain of the table with its first call, and callers name
 * their entry. Server loaders call the API in process instead, through `prefetch`
 * (lib/prefetch.server.ts), by the same names.
 */
export function createLazyApi(runtime: PublicRuntimeConfig): LazyApi {
  let loaded: Promise<Loaded> | undefined;
  // Calls go out in the order they are made, as when one table served them all: a call whose
  // domain is loaded waits for an earlier call whose domain is loading (a follow, then a read of
  // what the follow changes, must reach the server in that order).
  let inOrder: Promise<unknown> = Promise.resolve();
  // The root provides the loader before any call (root.tsx); lib never imports the platform.
  const api: LazyApi = async (name, input, options) => {
    loaded ??= (loadRuntime as RuntimeLoader)(runtime, api).catch((error: unknown) => {
      // The chunk did not arrive (offline, a dropped connection): the next call loads it again.
      loaded = undefined;
      throw error;
    });
    const runtimeLoad = loaded;
    const ready = inOrder.then(async () => {
      const client = await runtimeLoad;
      return { client, endpoint: await client.loadEndpoint(name) };
    });
    inOrder = ready.catch(() => undefined);
    let client: Loaded;
    let endpoint: EntryOf<typeof name>;
    try {
      ({ client, endpoint } = await ready);
    } catch (error) {
      // No client to toast for the call: say what every network failure says (issue 28 point 7),
      // unless the caller asked for silence (telemetry).
      if (options?.errorToast !== false) showPageToast(PLACEHOLDER_MESSAGES.networkError);
      throw error;
    }
    return client.call(endpoint, input as never, options) as never;
  };
  return api;
}
