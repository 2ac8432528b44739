import type { OperatorRole } from '@h5/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { jsonValue } from './json';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Backstage operators (issue 30 point 1): a separate account kind from app users, made on the
 * command line (`npm run operator`). `passwordHash` is argon2id; `totpSecret` the base32 secret of
 * the optional second factor. `failedLogins` / `lockedUntil` lock an account after repeated failures.
 */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 32 }).notNull().unique(),
    role: varchar('role', { length: 16 }).$type<OperatorRole>().notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: varchar('totp_secret', { length: 64 }),
    /** The last TOTP time step accepted: a code is good once. */
    totpLastStep: integer('totp_last_step'),
    failedLogins: smallint('failed_logins').notNull().default(0),
    lockedUntil: at('locked_until'),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginAt: at('last_login_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  () => [check('operators_role', sql`role in ('admin', 'moderator', 'live_ops', 'activity_ops')`)],
);

/** An operator session: the cookie's token and the CSRF token, both stored hashed. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    csrfHash: varchar('csrf_hash', { length: 64 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Idle expiry, moved on with use; never past `createdAt` + the absolute lifetime. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Nonces of operator writes seen in the last skew window: a second use is a replay. */
export const operatorNonces = pgTable(
  'operator_nonces',
  {
    nonce: varchar('nonce', { length: 36 }).primaryKey(),
    seenAt: at('seen_at').notNull().defaultNow(),
  },
  (t) => [index('operator_nonces_seen_idx').on(t.seenAt)],
);

/**
 * The audit log (issue 30 point 2): every operator action, append-only. A trigger refuses UPDATE,
 * DELETE and TRUNCATE (migration 0026), whoever runs them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    at: at('at').notNull().defaultNow(),
    /** Null only for what the command line does (`npm run operator`), named in `operatorName`. */
    operatorId: integer('operator_id').references(() => operators.id),
    operatorName: varchar('operator_name', { length: 32 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    objectType: varchar('object_type', { length: 40 }).notNull(),
    objectId: varchar('object_id', { length: 40 }).notNull(),
    before: jsonValue('before'),
    after: jsonValue('after'),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_operator_idx').on(t.operatorId, t.at, t.id),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.at, t.id),
  ],
);

/**
 * Every version of a document operators edit on the backstage (issue 30 point 4): an activity
 * window (`kind` 'activity-window', `documentId` its code) or a config-centre document ('config',
 * its entry id). Version 1 is the value found before the first edit (no operator); a restore is a
 * new version naming the one it restored.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    kind: varchar('kind', { length: 24 }).notNull(),
    documentId: varchar('document_id', { length: 40 }).notNull(),
    version: integer('version').notNull(),
    value: jsonValue('value').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    operatorName: varchar('operator_name', { length: 32 }),
    restoredFrom: integer('restored_from'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.documentId, t.version] })],
);
