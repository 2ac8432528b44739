import { PLACEHOLDER_MESSAGES } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { createLazyApi, type Loaded, provideApiRuntime } from './api-client';
import { pageToast } from './page-signals';

const runtime = { appEnv: 'local', apiBaseUrl: '', signSecret: 's' } as never;

describe('the lazy API client', () => {
  it('a client chunk that did not arrive toasts the network sentence and loads again on the next call', async () => {
    let loads = 0;
    provideApiRuntime(async () => {
      loads += 1;
      if (loads === 1)
        throw new TypeError('Failed to fetch dynamically imported module: /assets/api-runtime.js');
      return { loadEndpoint: async () => ({}), call: async () => 'answer' } as unknown as Loaded;
    });
    const api = createLazyApi(runtime);
    pageToast.set(null);
    await expect(api('community.addLight' as never, {} as never)).rejects.toThrow(
      /dynamically imported module/,
    );
    expect(pageToast.get()?.text).toBe('网络不给力，请检查网络设置后重试');
    expect(PLACEHOLDER_MESSAGES.networkError).toBe('网络不给力，请检查网络设置后重试');
    // Back online: the next call loads the chunk and is answered.
    await expect(api('community.addLight' as never, {} as never)).resolves.toBe('answer');
    expect(loads).toBe(2);
  });

  it('a contract domain that did not arrive toasts the same sentence and loads again on the next call', async () => {
    let loads = 0;
    let domainLoads = 0;
    provideApiRuntime(async () => {
      loads += 1;
      const loadEndpoint = async () => {
        domainLoads += 1;
        if (domainLoads === 1)
          throw new TypeError('Failed to fetch dynamically imported module: /assets/live.js');
        return {};
      };
      return { loadEndpoint, call: async () => 'answer' } as unknown as Loaded;
    });
    const api = createLazyApi(runtime);
    pageToast.set(null);
    await expect(api('live.liveInfo' as never, {} as never)).rejects.toThrow(/dynamically imported module/);
    expect(pageToast.get()?.text).toBe('网络不给力，请检查网络设置后重试');
    await expect(api('live.liveInfo' as never, {} as never)).resolves.toBe('answer');
    // The client itself stayed loaded: only the domain was asked for again.
    expect([loads, domainLoads]).toEqual([1, 2]);
  });

  it('sends calls in the order they were made, whatever their domains take to load', async () => {
    const sent: string[] = [];
    provideApiRuntime(async () => {
      const loadEndpoint = async (name: string) => {
        // The first call's domain loads slowly, the second's at once.
        if (name.startsWith('community.')) await new Promise((resolve) => setTimeout(resolve, 30));
        return { name };
      };
      const call = async (endpoint: { name: string }) => {
        sent.push(endpoint.name);
        return 'answer';
      };
      return { loadEndpoint, call } as unknown as Loaded;
    });
    const api = createLazyApi(runtime);
    await Promise.all([
      api('community.followAdd' as never, {} as never),
      api('activity.encounterToday' as never, {} as never),
    ]);
    expect(sent).toEqual(['community.followAdd', 'activity.encounterToday']);
  });

  it('stays silent for a caller that asked for no toast (telemetry)', async () => {
    provideApiRuntime(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    pageToast.set(null);
    await expect(
      createLazyApi(runtime)('analytics.reportTelemetry' as never, {} as never, { errorToast: false }),
    ).rejects.toThrow();
    expect(pageToast.get()).toBeNull();
  });
});
