import { integer, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { jsonValue } from './json';

/**
 * Config centre entries: by hash (enveloped) and as the static configCenter JSON file. A project's
 * client-conf is its entry `client-conf` (an object, one key set at a time by the internal write).
 */
export const configEntries = pgTable(
  'config_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    hash: varchar('hash', { length: 64 }).notNull(),
    projectName: varchar('project_name', { length: 64 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    type: varchar('type', { length: 32 }).notNull().default('config'),
    /** Stored as given: a JSON string (jsonb string) or an object. */
    value: jsonValue('value').notNull(),
  },
  (t) => [unique('config_entries_lookup').on(t.projectName, t.key, t.type), unique().on(t.hash)],
);

/** Test colouring environments for the debug plugin (ep-dyeing). */
export const dyeingEnvs = pgTable('dyeing_envs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  cName: varchar('c_name', { length: 64 }).notNull(),
  sort: smallint('sort').notNull().default(0),
});
