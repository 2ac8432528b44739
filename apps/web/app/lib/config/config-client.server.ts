import type { EntryInput, EntryName, EntryOutput } from '@h5/contract';
import { type ConfigClient, type ConfigDataMode, createConfigClient } from '@h5/core';
import type { AppLoadContext } from 'react-router';
import { prefetch } from '../prefetch.server';

/** A read the page request's prefetch limit cut: the browser reads it (not a failure to report). */
class PastPrefetchLimit extends Error {}

/** Failures go to the console; a read cut by the prefetch limit is one line, not an error with a stack. */
const logger: Pick<Console, 'warn' | 'error'> = {
  warn: (...args) => console.warn(...args),
  error: (message: string, error: unknown) =>
    error instanceof PastPrefetchLimit
      ? console.warn(`${message}: ${error.message}`)
      : console.error(message, error),
};

/** A config client of a page request, and whether one of its reads was cut by the prefetch limit. */
export interface ServerConfigClient {
  client: ConfigClient;
  /** True once a read did not come within the page's prefetch limit (the browser reads it). */
  late(): boolean;
}

/**
 * The web app's config client on the server (core's one client): the `{hash}` call and the static
 * configCenter file as in-process calls, each within the page request's prefetch limit (spec §4).
 */
export function serverConfigClient(context: AppLoadContext, mode: ConfigDataMode): ServerConfigClient {
  let late = false;
  const read = async <N extends EntryName>(name: N, input: EntryInput<N>): Promise<EntryOutput<N>> => {
    const result = await prefetch(context, name, input);
    if (result.ok) return result.data;
    if (result.reason === 'timeout') {
      late = true;
      throw new PastPrefetchLimit('past the prefetch limit, the browser reads it');
    }
    throw result.error;
  };
  const client = createConfigClient({
    env: context.runtime.appEnv,
    mode,
    logger,
    request: (query) => read('config.configByHash', query),
    fetchStatic: (file) =>
      read('config.configCenter', { envPrefix: file.tree, project: file.project, key: file.key }),
  });
  return { client, late: () => late };
}
