import type { Db, ReadDb } from './db/client';
import type { Env } from './env';
import type { JobQueue } from './jobs/types';
import type { Lifecycle } from './plugins/health';
import type { OperatorSessionStore } from './plugins/operator-session';
import type { RateLimiter } from './plugins/rate-limit';
import type { RiskCheck } from './plugins/risk-check';
import type { SessionStore } from './plugins/session';
import type { Secrets } from './secrets';
import type { ObjectStore } from './storage';

/** What every domain's routes are built with. */
export interface AppDeps {
  env: Env;
  /** The primary: every write, and every read of a handler that writes. */
  db: Db;
  /**
   * Public reads (feeds, details, comments, user homes, configuration, sessions): the replica
   * when DATABASE_READ_URL is set and it is fresh enough for the request (db/replica.ts), else
   * the primary; `db` itself on PGlite or a single DATABASE_URL.
   */
  reads: ReadDb;
  sessions: SessionStore;
  /** Backstage operators' sessions (issue 30), apart from app users'. */
  operatorSessions: OperatorSessionStore;
  /** Who must pass a captcha first (HTTP 485), and the passes that let them through. */
  risk: RiskCheck;
  /** The 429 limits: login guesses, captchas, telemetry and analytics per caller and address. */
  limits: RateLimiter;
  /** Upload bytes: local disk or S3 (STORAGE_DRIVER). */
  store: ObjectStore;
  /** Per-installation secrets (UPLOAD_APP_SECRETS or DATA_DIR/secrets.json); the upload apps' rows follow them. */
  secrets: Secrets;
  /** Serving or draining (SIGTERM): the readiness probe and `Connection: close` follow it. */
  lifecycle: Lifecycle;
  /** Scheduled and sent work (jobs/): pg-boss on PostgreSQL, in process on PGlite; main.ts starts it. */
  jobs: JobQueue;
}
