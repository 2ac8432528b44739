import { inviteCalls } from './invitations';
import { inviteTasks } from './tasks';

export * from './invitations';
export * from './tasks';

/** Invitations (issue 18): inviting and being invited; the starter tasks, motivation, guides and picks. */
export const invite = { ...inviteCalls, ...inviteTasks } as const;
