import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { registerActivityRoutes } from './activity/routes';
import { registerAnalyticsRoutes } from './analytics/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerBackstageRoutes } from './backstage/routes';
import { registerCommerceRoutes } from './commerce/routes';
import { registerCommunityRoutes } from './community/routes';
import { registerConfigRoutes } from './config/routes';
import { registerContentRoutes } from './content/routes';
import { registerCreatorRoutes } from './creator/routes';
import { registerFeedbackRoutes } from './feedback/routes';
import { registerInviteRoutes } from './invite/routes';
import { registerLiveRoutes } from './live/routes';
import { registerLotteryRoutes } from './lottery/routes';
import { registerMessageRoutes } from './message/routes';
import { registerSearchRoutes } from './search/routes';
import { registerShoeEvalRoutes } from './shoe-eval/routes';
import { registerUploadRoutes } from './upload/routes';

/** A folder of domains/ and the one function of its routes.ts that registers all its routes. */
export interface Domain {
  name: string;
  register: (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;
}

/**
 * Every domain, in the order buildApp registers them: analytics and upload last, as they always
 * were (they await their scoped plugins: the storage host's and the server upload's own body
 * parsers, the CDN's error answers). The web app (SSR) is not a domain: buildApp registers it
 * after them all.
 */
export const DOMAINS: readonly Domain[] = [
  { name: 'config', register: registerConfigRoutes },
  { name: 'auth', register: registerAuthRoutes },
  { name: 'content', register: registerContentRoutes },
  { name: 'community', register: registerCommunityRoutes },
  { name: 'creator', register: registerCreatorRoutes },
  { name: 'lottery', register: registerLotteryRoutes },
  { name: 'commerce', register: registerCommerceRoutes },
  { name: 'shoe-eval', register: registerShoeEvalRoutes },
  { name: 'feedback', register: registerFeedbackRoutes },
  { name: 'search', register: registerSearchRoutes },
  { name: 'activity', register: registerActivityRoutes },
  { name: 'live', register: registerLiveRoutes },
  { name: 'invite', register: registerInviteRoutes },
  { name: 'message', register: registerMessageRoutes },
  { name: 'backstage', register: registerBackstageRoutes },
  { name: 'analytics', register: registerAnalyticsRoutes },
  { name: 'upload', register: registerUploadRoutes },
];
