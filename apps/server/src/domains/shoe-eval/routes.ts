import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { shoeEvalInfo, shoeEvalList, shoeEvaluate } from './shoe-eval';

/** Shoe evaluations (issue 17 point 3): the list, a product's figures, one evaluation per user. */
export function registerShoeEvalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const s = contract.shoeEval;
  registerEndpoint(app, deps, s.shoeEvalList, (query, { viewerId }) => shoeEvalList(db, viewerId, query));
  registerEndpoint(app, deps, s.shoeEvalInfo, ({ spuId }, { viewerId }) =>
    shoeEvalInfo(deps, viewerId, spuId),
  );
  registerEndpoint(app, deps, s.shoeEvaluate, (input, { viewerId }) => shoeEvaluate(deps, viewerId, input));
}
