import type { ChildProcess } from 'node:child_process';

export const REPO_ROOT: string;
export function freePort(): Promise<number>;
export function waitForReady(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void>;
export function stopChild(child: ChildProcess, graceMs?: number): Promise<void>;
/** A backstage operator account made before the server started. */
export interface OperatorAccount {
  name: string;
  password: string;
}
export type OperatorRoleName = 'admin' | 'moderator' | 'live_ops' | 'activity_ops';
export interface RunningServer {
  baseURL: string;
  /** One account per role asked for. */
  operators: Partial<Record<OperatorRoleName, OperatorAccount>>;
  pid: number | undefined;
  stop: () => Promise<void>;
}
export function startServer(
  env?: Record<string, string>,
  options?: { operators?: readonly OperatorRoleName[] },
): Promise<RunningServer>;
