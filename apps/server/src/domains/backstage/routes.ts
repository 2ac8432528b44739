import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { listJobRuns, runJobNow } from '../../jobs/admin';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { listOperators } from './accounts';
import { listAudit, recordAudit } from './audit';
import { login } from './login';

/** The backstage's own calls (issue 30): operator login and logout, the session's operator, the audit log, the accounts. */
export function registerBackstageRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  registerEndpoint(app, deps, contract.backstage.login, (input, { request, reply }) =>
    login(deps, input, request, reply),
  );
  registerEndpoint(app, deps, contract.backstage.logout, async (_input, { operator, reply }) => {
    await recordAudit(db, operator, {
      action: 'operator.logout',
      objectType: 'operator',
      objectId: operator.operator.operatorId,
    });
    await deps.operatorSessions.revoke(reply, operator.sessionId);
    return {};
  });
  registerEndpoint(app, deps, contract.backstage.me, (_input, { operator }) => operator.operator);
  registerEndpoint(app, deps, contract.backstage.audit, (input) => listAudit(db, input));
  registerEndpoint(app, deps, contract.backstage.operators, async () => ({
    list: (await listOperators(db)).map((row) => ({
      ...row,
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    })),
  }));
  registerEndpoint(app, deps, contract.backstage.jobs, async () => ({
    queue: deps.jobs.kind,
    list: [...deps.jobs.definitions.values()].map((job) => ({
      name: job.name,
      schedule: job.schedule ?? null,
    })),
  }));
  registerEndpoint(app, deps, contract.backstage.jobRuns, (input) => listJobRuns(db, input));
  registerEndpoint(app, deps, contract.backstage.runJob, (input, { operator }) =>
    runJobNow(db, deps.jobs, operator, input.job),
  );
}
