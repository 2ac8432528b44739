import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { accuseInfo, submitAccuse } from './accuse';
import {
  banUser,
  decideReport,
  hideComment,
  liftBan,
  listBans,
  listReports,
  listSearchIdeas,
  moderatedComment,
} from './moderation';
import { myAccusation } from './my-accusation';
import { searchIdeaConfig, uploadSearchIdea } from './search-idea';

/**
 * Reports (accuse-info, submit-accuse, the caller's own report) and search ideas (config, upload),
 * which need a login; and the backstage's moderation of them (issue 30 point 3), for moderators.
 */
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

  registerEndpoint(app, deps, contract.feedback.moderationReports, (input) => listReports(deps, input));
  registerEndpoint(app, deps, contract.feedback.moderationDecide, (input, { operator }) =>
    decideReport(deps, operator, input),
  );
  registerEndpoint(app, deps, contract.feedback.moderationSearchIdeas, (input) =>
    listSearchIdeas(deps, input),
  );
  registerEndpoint(app, deps, contract.feedback.moderationComment, ({ replyId }) =>
    moderatedComment(db, replyId),
  );
  registerEndpoint(app, deps, contract.feedback.moderationHideComment, (input, { operator }) =>
    hideComment(db, operator, input),
  );
  registerEndpoint(app, deps, contract.feedback.moderationBans, (input) => listBans(db, input));
  registerEndpoint(app, deps, contract.feedback.moderationBan, (input, { operator }) =>
    banUser(db, operator, input),
  );
  registerEndpoint(app, deps, contract.feedback.moderationLiftBan, (input, { operator }) =>
    liftBan(db, operator, input),
  );
}
