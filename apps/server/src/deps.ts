import type { Db } from './db/client';
import type { Env } from './env';
import type { SessionStore } from './plugins/session';

/** What every domain's routes are built with. */
export interface AppDeps {
  env: Env;
  db: Db;
  sessions: SessionStore;
}
