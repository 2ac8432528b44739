import type { ChildProcess } from 'node:child_process';
import type { SmsStandIn } from './sms-stand-in.mjs';

export const REPO_ROOT: string;
export const PRO_TEST_SETTINGS: Record<string, string>;
export function freePort(): Promise<number>;
export function waitForReady(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void>;
export function stopChild(child: ChildProcess, graceMs?: number): Promise<void>;
/** A backstage account to make from the command line before the server starts. */
export interface OperatorToAdd {
  name: string;
  role: 'admin' | 'moderator' | 'live_ops' | 'activity_ops';
  totp?: boolean;
}
/** An account as `npm run operator -- add … --json` printed it. */
export interface AddedOperator {
  operatorId: number;
  name: string;
  role: OperatorToAdd['role'];
  password: string;
  totpSecret?: string;
}
export interface RunningServer {
  baseURL: string;
  operators: AddedOperator[];
  pid: number | undefined;
  /** The Aliyun SMS stand-in the server sends to, when startServer started one. */
  sms: SmsStandIn | null;
  stop: () => Promise<void>;
}
export function startServer(
  env?: Record<string, string>,
  options?: { operators?: OperatorToAdd[] },
): Promise<RunningServer>;
