import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ConfigClientOptions, createConfigClient, type StaticConfigFile } from './config-client';

const ref = { hash: '5b1f0c9e2d', projectName: 'community-h5', key: 'client-conf' };

function logger() {
  return { warn: vi.fn(), error: vi.fn() };
}

function client(options: Partial<ConfigClientOptions>) {
  const log = logger();
  return { log, config: createConfigClient({ env: 'pro', mode: 'api', logger: log, ...options }) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('config client, the {hash} call (spec §7)', () => {
  it('sends projectName, key and the default type "config"', async () => {
    const request = vi.fn(async () => ({ errorPageSwitch: true }));
    const { config } = client({ request });
    await expect(config.get(ref)).resolves.toEqual({ errorPageSwitch: true });
    expect(request).toHaveBeenCalledWith({
      hash: '5b1f0c9e2d',
      projectName: 'community-h5',
      key: 'client-conf',
      type: 'config',
    });
  });

  it('keeps a type the caller gives', async () => {
    const request = vi.fn(async () => ({}));
    await client({ request }).config.get({ ...ref, type: 'switch' });
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ type: 'switch' }));
  });

  it('parses data that comes as a JSON string', async () => {
    const { config } = client({ request: async () => '{"notice":"今晚维护","errorPageSwitch":false}' });
    await expect(config.get(ref)).resolves.toEqual({ notice: '今晚维护', errorPageSwitch: false });
  });

  it('logs a failed fetch and answers {}', async () => {
    const failure = new Error('Network Error');
    const { config, log } = client({ request: () => Promise.reject(failure) });
    await expect(config.get(ref)).resolves.toEqual({});
    expect(log.error).toHaveBeenCalledWith('config community-h5/client-conf: fetch failed', failure);
  });

  it('answers {} for a string that is not JSON, or data that is not an object', async () => {
    await expect(client({ request: async () => '{oops' }).config.get(ref)).resolves.toEqual({});
    await expect(client({ request: async () => [1, 2] }).config.get(ref)).resolves.toEqual({});
    await expect(client({ request: async () => null }).config.get(ref)).resolves.toEqual({});
  });

  it('warns and answers nothing when no request method is configured', async () => {
    const { config, log } = client({});
    await expect(config.get(ref)).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(
      'config community-h5/client-conf: no request method configured (api)',
    );
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe('config client, the static config CDN (alternative data mode)', () => {
  it('reads configCenter/{project}/{key}.json under t1/ for d1, t0, t1 and t2', async () => {
    for (const env of ['d1', 't0', 't1', 't2']) {
      const fetchStatic = vi.fn(async (_file: StaticConfigFile, _signal: AbortSignal) => ({ a: 1 }));
      const request = vi.fn();
      const { config } = client({ env, mode: 'static', fetchStatic, request });
      await expect(config.get(ref)).resolves.toEqual({ a: 1 });
      expect(fetchStatic.mock.calls[0]?.[0]).toEqual({
        tree: 't1',
        project: 'community-h5',
        key: 'client-conf',
        path: 't1/configCenter/community-h5/client-conf.json',
      });
      expect(request).not.toHaveBeenCalled();
    }
  });

  it('reads the production tree pro/ elsewhere', async () => {
    const fetchStatic = vi.fn(async (_file: StaticConfigFile, _signal: AbortSignal) => '{"b":2}');
    const { config } = client({ env: 'pre', mode: 'static', fetchStatic });
    await expect(config.get(ref)).resolves.toEqual({ b: 2 });
    expect(fetchStatic.mock.calls[0]?.[0]).toMatchObject({
      tree: 'pro',
      path: 'pro/configCenter/community-h5/client-conf.json',
    });
  });

  it('gives up after 20000 ms: the signal aborts, the error is logged and the answer is {}', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetchStatic = (_file: StaticConfigFile, s: AbortSignal) => {
      signal = s;
      return new Promise<unknown>((_resolve, reject) => {
        s.addEventListener('abort', () => reject(s.reason));
      });
    };
    const { config, log } = client({ mode: 'static', fetchStatic });
    const answer = config.get(ref);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    await expect(answer).resolves.toEqual({});
    expect(String(log.error.mock.calls[0]?.[1])).toContain('请求超时（20000 毫秒）');
  });

  it('warns and answers nothing when the static request method is missing', async () => {
    const { config, log } = client({ mode: 'static', request: async () => ({}) });
    await expect(config.get(ref)).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(
      'config community-h5/client-conf: no request method configured (static)',
    );
  });
});
