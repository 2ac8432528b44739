import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { commissionCheck, commissionJoin } from './commission';
import { setWant } from './wants';

/** Commerce (issue 17 points 2 and 4): the product commission programme, product wants. */
export function registerCommerceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerEndpoint(app, deps, contract.commerce.commissionCheck, (_, { viewerId }) =>
    commissionCheck(db, viewerId),
  );
  registerEndpoint(app, deps, contract.commerce.commissionJoin, (_, { viewerId }) =>
    commissionJoin(db, viewerId),
  );
  registerEndpoint(app, deps, contract.commerce.productWant, ({ spuId, want }, { viewerId }) =>
    setWant(db, viewerId, spuId, want),
  );
}
