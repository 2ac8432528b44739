import { useMemo } from 'react';
import { createLazyApi, type LazyApi } from './api-client';
import { useSteadyRootData } from './root-data';

const clients = new Map<string, LazyApi>();

/** The one browser API client per runtime config (the root loader's). */
export function useApi(): LazyApi {
  const runtime = useSteadyRootData()?.runtime;
  return useMemo(() => {
    if (!runtime) return () => Promise.reject(new Error('runtime config is missing'));
    const key = `${runtime.apiBaseUrl}\n${runtime.signSecret}`;
    let client = clients.get(key);
    if (!client) {
      client = createLazyApi(runtime);
      clients.set(key, client);
    }
    return client;
  }, [runtime]);
}
