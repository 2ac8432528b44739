import type { OperatorRole } from '@h5/contract';
import { BACKSTAGE_TEXT as text } from '../../../lib/ui-text/backstage';
import { DOCUMENTS_TEXT } from '../../../lib/ui-text/backstage-documents';

/** A page of the backstage's navigation and the roles it is for (admins see every page). */
export interface BackstagePage {
  path: string;
  label: string;
  roles: readonly OperatorRole[];
}

/** The backstage's pages, in the navigation's order. The server checks every call's role again. */
export const BACKSTAGE_PAGES: readonly BackstagePage[] = [
  { path: '/backstage', label: text.home, roles: ['moderator', 'live_ops', 'activity_ops'] },
  { path: '/backstage/windows', label: DOCUMENTS_TEXT.windows, roles: ['activity_ops'] },
  { path: '/backstage/config', label: DOCUMENTS_TEXT.config, roles: [] },
  { path: '/backstage/audit', label: text.audit, roles: [] },
  { path: '/backstage/operators', label: text.operators, roles: [] },
];

/** Whether `role` may open `page`. */
export const mayOpen = (role: OperatorRole, page: Pick<BackstagePage, 'roles'>): boolean =>
  role === 'admin' || page.roles.includes(role);
