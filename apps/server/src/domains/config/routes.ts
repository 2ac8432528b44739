import { CLIENT_CONF_KEY, type ClientConf, contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { endpointKey } from '../../plugins/endpoint-key';
import { fromZodError, notFound } from '../../plugins/errors';
import { SERVER_MESSAGES } from '../../plugins/messages';
import { registerEndpoint, serveInProcess } from '../../plugins/register-endpoint';
import { versionHistory } from '../backstage/versions';
import { clientIp } from './client-ip';
import { listDocuments, readDocument, restoreDocument, updateDocument } from './documents';
import { type ConfigQueries, createConfigQueries } from './queries';
import { wechatAuthorizeUrl, wechatShareConfig } from './wechat-signature';

/** A project's client-conf document (its config entry `client-conf`); errorPageSwitch defaults to false. */
async function readClientConf(queries: ConfigQueries, project: string): Promise<ClientConf> {
  const [row] = await queries.byKey.execute({ projectName: project, key: CLIENT_CONF_KEY });
  const conf =
    typeof row?.value === 'object' && row.value !== null ? (row.value as Record<string, unknown>) : {};
  return { ...conf, errorPageSwitch: conf.errorPageSwitch === true };
}

/**
 * The static configCenter file: bare JSON, no envelope and no sign (a CDN file in the spec).
 * Both trees (`t1`, `pro`) read the same entries here. SSR reads it in process too (the
 * alternative data mode), where a missing file is a not-found error.
 */
function registerConfigCenter(app: FastifyInstance, queries: ConfigQueries) {
  const endpoint = contract.config.configCenter;
  const read = async (project: string, key: string) =>
    (await queries.byKey.execute({ projectName: project, key }))[0];
  app.get(endpoint.path, async (request, reply) => {
    const parsed = endpoint.request.safeParse(request.params);
    // A bare file has no envelope: the refusal is `{ message }` with the same wording.
    if (!parsed.success) return reply.code(400).send({ message: fromZodError(parsed.error).message });
    const row = await read(parsed.data.project, parsed.data.key);
    if (!row) return reply.code(404).send({ message: SERVER_MESSAGES.configNotFound });
    reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8');
    return reply.send(typeof row.value === 'string' ? row.value : JSON.stringify(row.value));
  });
  serveInProcess(app, endpoint, async ({ project, key }) => {
    const row = await read(project, key);
    if (!row) throw notFound(SERVER_MESSAGES.configNotFound);
    return typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
  });
}

/**
 * client-ip, client-conf (read and internal write), config by hash, configCenter, ep-dyeing, and
 * the WeChat calls of spec §7 (JS-SDK share-config, OAuth authorize-url).
 */
export function registerConfigRoutes(app: FastifyInstance, deps: AppDeps) {
  const queries = createConfigQueries(deps.db, deps.reads);

  registerEndpoint(app, deps, contract.config.clientIp, (_input, { request }) => ({
    xRealIp: clientIp(request),
  }));

  registerEndpoint(app, deps, contract.config.clientConf, ({ project }) => readClientConf(queries, project));

  // This node's visitors see a changed document at once; another node's within its cache's second.
  const forgetServed = () => {
    app.visitorCache.forget(endpointKey(contract.config.clientConf));
    app.visitorCache.forget(endpointKey(contract.config.configByHash));
  };

  // A development tool (404 in production): tests and e2e flip one key in one statement;
  // operators edit documents on the backstage (below).
  registerEndpoint(app, deps, contract.config.setClientConf, async ({ project, key, value }) => {
    await queries.setClientConf(project, key, value);
    forgetServed();
    return readClientConf(queries, project);
  });

  // The backstage's config centre (issue 30 point 4): admin only, versioned, audited.
  const { db } = deps;
  registerEndpoint(app, deps, contract.config.documents, async () => ({ list: await listDocuments(db) }));
  registerEndpoint(app, deps, contract.config.document, ({ id }) => readDocument(db, id));
  registerEndpoint(app, deps, contract.config.documentUpdate, async (input, { operator }) => {
    const document = await updateDocument(db, operator, input);
    forgetServed();
    return document;
  });
  registerEndpoint(app, deps, contract.config.documentHistory, async ({ id }) => ({
    list: await versionHistory(db, 'config', String(id)),
  }));
  registerEndpoint(app, deps, contract.config.documentRestore, async (input, { operator }) => {
    const document = await restoreDocument(db, operator, input);
    forgetServed();
    return document;
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

  const { WECHAT_APP_ID, WECHAT_JSAPI_TICKET } = deps.env;
  registerEndpoint(app, deps, contract.config.wechatShareConfig, ({ shareUrl }) =>
    wechatShareConfig(WECHAT_APP_ID, WECHAT_JSAPI_TICKET, shareUrl),
  );
  registerEndpoint(app, deps, contract.config.wechatAuthorizeUrl, ({ redirectUrl, state }) => ({
    url: wechatAuthorizeUrl(WECHAT_APP_ID, redirectUrl, state),
  }));
}
