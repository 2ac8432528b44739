import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@h5/contract';
import { buildRequest } from '@h5/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SIGN_SECRET } from '../test-utils';
import type { Fault } from '../test-utils/pglite-fault-server';

const UNAVAILABLE = { code: 503, msg: '服务暂时不可用，请稍后重试', data: null };
const SERVER = join(import.meta.dirname, '..', 'test-utils', 'pglite-fault-server.ts');
/** Every call must answer within this: a blocked event loop fails the test instead of hanging it. */
const CALL_TIMEOUT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PGlite when its data directory fails (a server process of its own)', () => {
  let dataDir: string;
  let child: ChildProcess;
  let baseUrl: string;
  const logs: string[] = [];

  /** Sends a message to the server and waits for the answer that satisfies `pick`. */
  const ask = <T>(message: object | undefined, pick: (answer: Record<string, unknown>) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (answer: Record<string, unknown>) => {
        const picked = pick(answer);
        if (picked === undefined) return;
        child.off('message', onMessage);
        resolve(picked);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
      if (message) child.send(message);
    });
  const setFault = (fault: Fault) => ask({ fault }, (answer) => (answer.fault === fault ? fault : undefined));

  const report = async (message: string) => {
    const wire = buildRequest(
      contract.analytics.reportTelemetry,
      { kind: 'render-error', message, pageUrl: '/pglite-fault' },
      TEST_SIGN_SECRET,
    );
    const response = await fetch(`${baseUrl}${wire.url}`, {
      method: wire.method,
      headers: wire.headers,
      body: wire.body ?? null,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    return { status: response.status, body: await response.json() };
  };
  const list = async () => {
    const wire = buildRequest(contract.analytics.listTelemetry, { limit: 40 }, TEST_SIGN_SECRET);
    const response = await fetch(`${baseUrl}${wire.url}`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    return {
      status: response.status,
      body: (await response.json()) as { data: { list: { message: string }[] } },
    };
  };
  const health = async () => {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    return { status: response.status, body: await response.json() };
  };
  const recovered = async (withinMs: number) => {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      if ((await health()).status === 200) return true;
      await sleep(100);
    }
    return false;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'h5-pglite-fault-'));
    child = fork(SERVER, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (answer: { log?: string }) => {
      if (answer.log) logs.push(answer.log);
    });
    baseUrl = await ask(undefined, (answer) => answer.ready as string | undefined);
  }, 60_000);

  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a failing write (EIO, then ENOSPC) answers 503, never blocks, and the server reopens the directory keeping every acknowledged write', async () => {
    const acknowledged: string[] = [];
    for (const [round, fault] of (['write-eio', 'write-enospc'] as const).entries()) {
      for (let i = 0; i < 3; i++) {
        const message = `before-${round}-${i}`;
        expect(await report(message)).toMatchObject({ status: 200, body: { code: 200 } });
        acknowledged.push(message);
      }
      await setFault(fault);
      // The write whose WAL flush fails: PostgreSQL PANICs; the instance is dead from here on.
      expect(await report(`refused-${round}`)).toEqual({ status: 503, body: UNAVAILABLE });
      // Still failing: calls answer 503 at once while the server retries the directory.
      for (let i = 0; i < 3; i++) {
        expect(await report(`refused-${round}-${i}`)).toEqual({ status: 503, body: UNAVAILABLE });
        expect(await list()).toEqual({ status: 503, body: UNAVAILABLE });
      }
      expect(await health()).toEqual({
        status: 503,
        body: { code: 503, msg: '服务暂时不可用，请稍后重试', data: { status: 'database unreachable' } },
      });
      await sleep(600);
      await setFault('none');
      expect(await recovered(10_000)).toBe(true);
      expect(await report(`after-${round}`)).toMatchObject({ status: 200, body: { code: 200 } });
      acknowledged.push(`after-${round}`);
    }
    const { body } = await list();
    const stored = body.data.list.map((row) => row.message);
    // Every acknowledged write survived both reopenings; no refused write is half there.
    expect(stored.sort()).toEqual(acknowledged.sort());
    expect(logs).toContain('PGlite reopened');
  }, 60_000);
});
