import { createHash } from 'node:crypto';
import { CLIENT_CONF_KEY } from '@h5/contract';
import { CONFIG_DEFAULT_TYPE } from '@h5/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, ReadDb } from '../../db/client';
import { configEntries, dyeingEnvs } from '../../db/schema';

/** The hash the internal write gives a document it creates: md5(`{project}/{key}/{type}`), 10 hex digits. */
export const entryHash = (project: string, key: string, type: string = CONFIG_DEFAULT_TYPE): string =>
  createHash('md5').update(`${project}/${key}/${type}`).digest('hex').slice(0, 10);

/**
 * Prepared statements of the config domain: the reads through `reads` (a replica may serve them:
 * every page reads the client-conf), the write through `db`.
 */
export function createConfigQueries(db: Db, reads: ReadDb = db) {
  return {
    byHash: reads
      .select({ value: configEntries.value })
      .from(configEntries)
      .where(
        and(
          eq(configEntries.hash, sql.placeholder('hash')),
          eq(configEntries.projectName, sql.placeholder('projectName')),
          eq(configEntries.key, sql.placeholder('key')),
          eq(configEntries.type, sql.placeholder('type')),
        ),
      )
      .prepare('config_by_hash'),
    byKey: reads
      .select({ value: configEntries.value })
      .from(configEntries)
      .where(
        and(
          eq(configEntries.projectName, sql.placeholder('projectName')),
          eq(configEntries.key, sql.placeholder('key')),
          eq(configEntries.type, 'config'),
        ),
      )
      .prepare('config_by_key'),
    dyeingEnvs: reads
      .select({ name: dyeingEnvs.name, c_name: dyeingEnvs.cName })
      .from(dyeingEnvs)
      .orderBy(asc(dyeingEnvs.sort), asc(dyeingEnvs.name))
      .prepare('dyeing_envs'),
    /**
     * Sets one key of a project's client-conf document in one statement (concurrent writes of
     * different keys all land), creating the document with its {@link entryHash} if missing.
     */
    async setClientConf(project: string, key: string, value: unknown) {
      const merged = sql`CASE WHEN jsonb_typeof(${configEntries.value}) = 'object'
        THEN ${configEntries.value} || excluded.value ELSE excluded.value END`;
      await db
        .insert(configEntries)
        .values({
          hash: entryHash(project, CLIENT_CONF_KEY),
          projectName: project,
          key: CLIENT_CONF_KEY,
          type: CONFIG_DEFAULT_TYPE,
          value: { [key]: value },
        })
        .onConflictDoUpdate({
          target: [configEntries.projectName, configEntries.key, configEntries.type],
          set: { value: merged },
        });
    },
  };
}

export type ConfigQueries = ReturnType<typeof createConfigQueries>;
