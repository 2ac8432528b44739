import { type ClientConf, contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { fromZodError, notFound } from '../../plugins/errors';
import { SERVER_MESSAGES } from '../../plugins/messages';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { clientIp } from './client-ip';
import { type ConfigQueries, createConfigQueries } from './queries';
import { registerWechatRoutes } from './wechat';

/** All client-conf keys of a project merged into one object; errorPageSwitch defaults to false. */
async function readClientConf(queries: ConfigQueries, project: string): Promise<ClientConf> {
  const rows = await queries.clientConf.execute({ project });
  const conf: Record<string, unknown> = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return { ...conf, errorPageSwitch: conf.errorPageSwitch === true };
}

/** The static configCenter file: bare JSON, no envelope and no sign (a CDN file in the spec). */
function registerConfigCenter(app: FastifyInstance, queries: ConfigQueries) {
  const endpoint = contract.config.configCenter;
  app.get(endpoint.path, async (request, reply) => {
    const parsed = endpoint.request.safeParse(request.params);
    // A bare file has no envelope: the refusal is `{ message }` with the same wording.
    if (!parsed.success) return reply.code(400).send({ message: fromZodError(parsed.error).message });
    const [row] = await queries.byKey.execute({ projectName: parsed.data.project, key: parsed.data.key });
    if (!row) return reply.code(404).send({ message: SERVER_MESSAGES.configNotFound });
    reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8');
    return reply.send(typeof row.value === 'string' ? row.value : JSON.stringify(row.value));
  });
}

/** client-ip, client-conf (read and internal write), config by hash, configCenter, ep-dyeing. */
export function registerConfigRoutes(app: FastifyInstance, deps: AppDeps) {
  const queries = createConfigQueries(deps.db);

  registerEndpoint(app, deps, contract.config.clientIp, (_input, { request }) => ({
    xRealIp: clientIp(request),
  }));

  registerEndpoint(app, deps, contract.config.clientConf, ({ project }) => readClientConf(queries, project));

  registerEndpoint(app, deps, contract.config.setClientConf, async ({ project, key, value }) => {
    await queries.setClientConf(project, key, value);
    return readClientConf(queries, project);
  });

  registerEndpoint(app, deps, contract.config.configByHash, async (input) => {
    const [row] = await queries.byHash.execute(input);
    if (!row) throw notFound(SERVER_MESSAGES.configNotFound);
    return row.value as string | Record<string, unknown>;
  });

  registerEndpoint(app, deps, contract.config.epDyeing, async () => ({
    results: await queries.dyeingEnvs.execute(),
  }));

  registerConfigCenter(app, queries);
  registerWechatRoutes(app, deps);
}
