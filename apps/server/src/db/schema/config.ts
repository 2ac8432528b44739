import { integer, pgTable, primaryKey, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { jsonValue } from './json';

/** client-conf switches per project: the merged object of all keys (errorPageSwitch, …). */
export const clientConf = pgTable(
  'client_conf',
  {
    project: varchar('project', { length: 64 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    value: jsonValue('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.project, t.key] })],
);

/** Config centre entries: by hash (enveloped) and as the static configCenter JSON file. */
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
