import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { type HandlerContext, registerEndpoint } from '../../plugins/register-endpoint';
import { accuseInfo, submitAccuse } from './accuse';
import { myAccusation } from './my-accusation';
import { searchIdeaConfig, uploadSearchIdea } from './search-idea';

/** The caller of a 'login' entry (registerEndpoint has refused visitors with 7999 already). */
function callerId({ user }: HandlerContext): number {
  if (!user) throw new Error('a login endpoint ran without a session user');
  return user.userId;
}

/** Reports (accuse-info, submit-accuse, the caller's own report) and search ideas (config, upload); all need a login. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  registerEndpoint(app, deps, contract.feedback.accuseInfo, (input, ctx) =>
    accuseInfo(db, callerId(ctx), input),
  );
  registerEndpoint(app, deps, contract.feedback.submitAccuse, (input, ctx) =>
    submitAccuse(db, callerId(ctx), input),
  );
  registerEndpoint(app, deps, contract.feedback.myAccusation, ({ accuseId }, ctx) =>
    myAccusation(db, callerId(ctx), accuseId),
  );
  registerEndpoint(app, deps, contract.feedback.searchIdeaConfig, () => searchIdeaConfig(db));
  registerEndpoint(app, deps, contract.feedback.searchIdeaUpload, (input, ctx) =>
    uploadSearchIdea(db, callerId(ctx), input),
  );
}
