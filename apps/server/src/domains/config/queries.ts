import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientConf, configEntries, dyeingEnvs } from '../../db/schema';

/** Prepared statements of the config domain. */
export function createConfigQueries(db: Db) {
  return {
    clientConf: db
      .select({ key: clientConf.key, value: clientConf.value })
      .from(clientConf)
      .where(eq(clientConf.project, sql.placeholder('project')))
      .prepare('client_conf_by_project'),
    byHash: db
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
    byKey: db
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
    dyeingEnvs: db
      .select({ name: dyeingEnvs.name, c_name: dyeingEnvs.cName })
      .from(dyeingEnvs)
      .orderBy(asc(dyeingEnvs.sort), asc(dyeingEnvs.name))
      .prepare('dyeing_envs'),
    async setClientConf(project: string, key: string, value: unknown) {
      await db
        .insert(clientConf)
        .values({ project, key, value })
        .onConflictDoUpdate({ target: [clientConf.project, clientConf.key], set: { value } });
    },
  };
}

export type ConfigQueries = ReturnType<typeof createConfigQueries>;
