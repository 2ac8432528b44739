/**
 * A server on PGlite whose data directory can be made to fail, for db/pglite-io-failure.test.ts.
 * Started with child_process.fork (its own process: if PGlite ever blocks the event loop again,
 * the test sees a dead server, not a hung test run). It listens on a free port, then tells the
 * parent `{ ready: baseUrl }`; a message `{ fault }` switches the failure and is echoed back.
 *
 * The failure is injected where PGlite meets the disk: Emscripten's NODEFS calls Node's
 * fs.readSync / fs.writeSync for every block PostgreSQL reads or writes, and these throw an
 * error with the errno code a failing disk gives (EIO, ENOSPC) for files under the data directory.
 */
import fs from 'node:fs';
import { buildApp } from '../app';
import { openDatabase, pgliteDirOf } from '../db/client';
import { migrate } from '../db/migrate';
import { syncUploadApps } from '../db/seed/upload-seed';
import { testEnv } from './app';

export type Fault = 'none' | 'write-eio' | 'write-enospc' | 'read-eio';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !process.send) throw new Error('start me with fork() and DATA_DIR');
fs.mkdirSync(pgliteDirOf(dataDir), { recursive: true });
// /proc/self/fd links name real paths.
const pgliteDir = fs.realpathSync(pgliteDirOf(dataDir));

let fault: Fault = 'none';
const pathOf = (fd: number): string => {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return '';
  }
};
function failing(fd: number, operation: 'read' | 'write'): void {
  if (fault === 'none' || !fault.startsWith(operation) || !pathOf(fd).startsWith(pgliteDir)) return;
  const code = fault.endsWith('enospc') ? 'ENOSPC' : 'EIO';
  throw Object.assign(new Error(`${code}: injected ${operation} failure`), { code, syscall: operation });
}
const { readSync, writeSync } = fs;
fs.readSync = ((fd: number, ...rest: unknown[]) => {
  failing(fd, 'read');
  return (readSync as (...a: unknown[]) => number)(fd, ...rest);
}) as typeof fs.readSync;
fs.writeSync = ((fd: number, ...rest: unknown[]) => {
  failing(fd, 'write');
  return (writeSync as (...a: unknown[]) => number)(fd, ...rest);
}) as typeof fs.writeSync;

const log = {
  warn: (details: object, message: string) => process.send?.({ log: message, details: String(details) }),
  info: (details: object, message: string) => process.send?.({ log: message, details: String(details) }),
};
const database = await openDatabase({ pgliteDir, log });
await migrate(database);
const app = await buildApp({ env: testEnv({ DATA_DIR: dataDir }), db: database.db });
await syncUploadApps(database.db, app.deps.secrets.uploadApps);
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
process.on('message', (message: { fault?: Fault }) => {
  if (message.fault) fault = message.fault;
  process.send?.({ fault });
});
process.send({ ready: baseUrl });
