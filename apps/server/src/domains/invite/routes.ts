import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { publicOrigin } from '../../plugins/trusted-proxy';
import { activityGuide } from './activity-guides';
import { pickContent, pickReport } from './content-picks';
import { invitePage, startInvite } from './invitations';
import { userMotivation } from './motivation';
import { activityPage } from './progress';
import { INVITE_SHARE_CARD_PATH, shareCardPng } from './share-card';
import { bindInvitation, signUpInvited } from './sign-up';
import { createInviteSms } from './sms';
import { taskPage } from './task-page';
import { weeklyReport } from './weekly';

/**
 * The invitation domain (issue 18): the SMS code and its check, sign-up by invitation (both
 * variants), the inviter's invitation, the landing, the inviter's progress and week (points 1, 2);
 * the starter tasks, the motivation line, activity guides and the pick report (point 3); the
 * picture of a shared invitation.
 */
export function registerInviteRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const i = contract.invite;
  const sms = createInviteSms(deps);

  registerEndpoint(app, deps, i.sendCaptcha, ({ phone }, { request }) => sms.send(phone, request));
  registerEndpoint(app, deps, i.inviteAuth, ({ phone, smsCode }) => sms.auth(phone, smsCode));
  registerEndpoint(app, deps, i.invitedSignUp, async ({ code, authToken }, { reply }) => {
    const { user, inviter } = await signUpInvited(db, code, authToken);
    const tokens = await deps.sessions.create(user.userId);
    deps.sessions.setCookies(reply, tokens);
    return { user, inviter, duToken: tokens.duToken, xAuthToken: tokens.xAuthToken };
  });
  registerEndpoint(app, deps, i.invitedBind, ({ code }, { viewerId }) => bindInvitation(db, viewerId, code));
  registerEndpoint(app, deps, i.startInvite, (_input, { user, request }) =>
    startInvite(db, user, publicOrigin(request)),
  );
  registerEndpoint(app, deps, i.invitePage, ({ code }, { viewerId, request }) =>
    invitePage(db, code, viewerId, publicOrigin(request)),
  );
  registerEndpoint(app, deps, i.activityPage, (query, { viewerId }) => activityPage(db, viewerId, query));
  registerEndpoint(app, deps, i.weeklyReport, ({ weeksAgo }, { viewerId }) =>
    weeklyReport(db, viewerId, weeksAgo),
  );

  registerEndpoint(app, deps, i.taskPage, (_, { viewerId }) => taskPage(db, viewerId));
  registerEndpoint(app, deps, i.userMotivation, (_, { viewerId }) => userMotivation(db, viewerId));
  registerEndpoint(app, deps, i.activityGuide, ({ activityId }) => activityGuide(db, activityId));
  registerEndpoint(app, deps, i.pickReport, (query, { viewerId }) => pickReport(db, viewerId, query));
  registerEndpoint(app, deps, i.pickContent, ({ contentId, reason }, { operator }) =>
    pickContent(db, operator, contentId, reason),
  );

  // GET the card as PNG (a picture of the site, cached for a day).
  app.get(INVITE_SHARE_CARD_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/png')
      .send(await shareCardPng()),
  );
}
