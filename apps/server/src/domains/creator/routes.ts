import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { registerSignedPost } from '../../plugins/signed-callback';
import {
  dataCenterContentDetail,
  dataCenterContentList,
  dataCenterSummary,
  fansPortrait,
} from './data-center';
import { flexibleStaffing, staffingSignings } from './staffing';
import {
  handleStaffingCallback,
  publicOrigin,
  STAFFING_CALLBACK_PATH,
  staffingSignLink,
  standInSign,
} from './staffing-signing';
import { publishRecord, qualityCase, upgradeView } from './upgrade';
import { awardRecord, receiveAward } from './upgrade-awards';
import { applyVideoAccount, saveVideoAccount, videoAccount, videoAccountCard } from './video-account';
import { listApplications, reviewApplication } from './video-account-review';

/**
 * The creator domain (issue 15): the data centre (point 1), the upgrade programme, flexible
 * staffing and the video account; the backstage's review queue and signing table (issue 30 point 4).
 */
export function registerCreatorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, env } = deps;
  const c = contract.creator;
  registerEndpoint(app, deps, c.dataCenterSummery, (input, { viewerId }) =>
    dataCenterSummary(db, viewerId, input),
  );
  registerEndpoint(app, deps, c.dataCenterContentList, (input, { viewerId }) =>
    dataCenterContentList(db, viewerId, input),
  );
  registerEndpoint(app, deps, c.dataCenterContentDetail, (input, { viewerId }) =>
    dataCenterContentDetail(db, viewerId, input),
  );
  registerEndpoint(app, deps, c.dataCenterFansPortrait, (_input, { viewerId }) =>
    fansPortrait(deps, viewerId, Date.now()),
  );

  registerEndpoint(app, deps, c.upgradeView, (_, { viewerId }) => upgradeView(db, viewerId));
  registerEndpoint(app, deps, c.publishRecord, (query, { viewerId }) => publishRecord(db, viewerId, query));
  registerEndpoint(app, deps, c.qualityCase, () => qualityCase(db));
  registerEndpoint(app, deps, c.awardRecord, (query, { viewerId }) => awardRecord(db, viewerId, query));
  registerEndpoint(app, deps, c.awardReceive, ({ awardId }, { viewerId }) =>
    receiveAward(db, viewerId, awardId),
  );
  registerEndpoint(app, deps, c.flexibleStaffing, (_, { viewerId, request }) =>
    flexibleStaffing(db, viewerId, staffingSignLink(env, viewerId, publicOrigin(env, request))),
  );
  // The provider's callback signs the bytes as sent: its body stays raw text for the check.
  registerSignedPost(app, STAFFING_CALLBACK_PATH, 16 * 1024, async (request, body, reply) => {
    const { status, answer } = await handleStaffingCallback(deps, body, request.headers);
    return reply.code(status).send(answer);
  });
  registerEndpoint(app, deps, c.staffingStandInSign, async ({ state }) => ({
    signed: await standInSign((call) => app.inject(call), env, state),
  }));
  registerEndpoint(app, deps, c.videoAccount, (_, { viewerId }) => videoAccount(deps, viewerId));
  registerEndpoint(app, deps, c.saveVideoAccount, (details, { viewerId }) =>
    saveVideoAccount(deps, viewerId, details),
  );
  registerEndpoint(app, deps, c.videoAccountCard, ({ userId }) => videoAccountCard(db, userId));
  registerEndpoint(app, deps, c.applyVideoAccount, ({ screenshotKey }, { viewerId }) =>
    applyVideoAccount(deps, viewerId, screenshotKey),
  );
  registerEndpoint(app, deps, c.videoAccountApplications, (input) => listApplications(deps, input));
  registerEndpoint(app, deps, c.reviewVideoAccount, (input, { operator }) =>
    reviewApplication(db, operator, input),
  );
  registerEndpoint(app, deps, c.staffingSignings, (input) => staffingSignings(db, input));
}
