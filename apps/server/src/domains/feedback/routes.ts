import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { accuseInfo, submitAccuse } from './accuse';
import { myAccusation } from './my-accusation';
import { searchIdeaConfig, uploadSearchIdea } from './search-idea';

/** Reports (accuse-info, submit-accuse, the caller's own report) and search ideas (config, upload); all need a login. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  registerEndpoint(app, deps, contract.feedback.accuseInfo, (input, { viewerId }) =>
    accuseInfo(db, viewerId, input),
  );
  registerEndpoint(app, deps, contract.feedback.submitAccuse, (input, { viewerId }) =>
    submitAccuse(deps, viewerId, input),
  );
  registerEndpoint(app, deps, contract.feedback.myAccusation, ({ accuseId }, { viewerId }) =>
    myAccusation(deps, viewerId, accuseId),
  );
  registerEndpoint(app, deps, contract.feedback.searchIdeaConfig, () => searchIdeaConfig(db));
  registerEndpoint(app, deps, contract.feedback.searchIdeaUpload, (input, { viewerId }) =>
    uploadSearchIdea(deps, viewerId, input),
  );
}
