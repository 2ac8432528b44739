import type { ChildProcess } from 'node:child_process';

export const REPO_ROOT: string;
export function freePort(): Promise<number>;
export function waitForReady(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void>;
export function stopChild(child: ChildProcess, graceMs?: number): Promise<void>;
export interface RunningServer {
  baseURL: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}
export function startServer(env?: Record<string, string>): Promise<RunningServer>;
