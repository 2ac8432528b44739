import type { OperatorRole } from '@h5/contract';
import { BACKSTAGE_TEXT as text } from '../../../lib/ui-text/backstage';
import { CONTENT_REVIEW_TEXT } from '../../../lib/ui-text/backstage-content-review';
import { DOCUMENTS_TEXT } from '../../../lib/ui-text/backstage-documents';
import { JOBS_TEXT } from '../../../lib/ui-text/backstage-jobs';
import { LOTTERY_OPS_TEXT, REVIEW_OPS_TEXT, STAFFING_OPS_TEXT } from '../../../lib/ui-text/backstage-ops';
import { MODERATION_TEXT as moderation } from '../../../lib/ui-text/moderation';

/** A page of the backstage's navigation and the roles it is for (admins see every page). */
export interface BackstagePage {
  path: string;
  label: string;
  roles: readonly OperatorRole[];
}

/** The backstage's pages, in the navigation's order. The server checks every call's role again. */
export const BACKSTAGE_PAGES: readonly BackstagePage[] = [
  { path: '/backstage', label: text.home, roles: ['moderator', 'live_ops', 'activity_ops'] },
  { path: '/backstage/moderation/reports', label: moderation.reports, roles: ['moderator'] },
  { path: '/backstage/moderation/contents', label: CONTENT_REVIEW_TEXT.title, roles: ['moderator'] },
  { path: '/backstage/moderation/comments', label: moderation.comments, roles: ['moderator'] },
  { path: '/backstage/moderation/bans', label: moderation.bans, roles: ['moderator'] },
  { path: '/backstage/moderation/search-ideas', label: moderation.searchIdeas, roles: ['moderator'] },
  { path: '/backstage/picks', label: text.picks, roles: ['activity_ops'] },
  { path: '/backstage/video-account-review', label: REVIEW_OPS_TEXT.title, roles: ['moderator'] },
  { path: '/backstage/staffing', label: STAFFING_OPS_TEXT.title, roles: ['moderator'] },
  { path: '/backstage/lotteries', label: LOTTERY_OPS_TEXT.title, roles: ['live_ops'] },
  { path: '/backstage/windows', label: DOCUMENTS_TEXT.windows, roles: ['activity_ops'] },
  { path: '/backstage/config', label: DOCUMENTS_TEXT.config, roles: [] },
  { path: '/backstage/audit', label: text.audit, roles: [] },
  { path: '/backstage/operators', label: text.operators, roles: [] },
  { path: '/backstage/jobs', label: JOBS_TEXT.title, roles: [] },
];

/** Whether `role` may open `page`. */
export const mayOpen = (role: OperatorRole, page: Pick<BackstagePage, 'roles'>): boolean =>
  role === 'admin' || page.roles.includes(role);
