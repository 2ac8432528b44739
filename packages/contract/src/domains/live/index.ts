import { liveCalls } from './calls';
import { liveConsole } from './console';

export * from './calls';
export * from './console';
export * from './platform-events';

/** Live (issue 16): the spec's live calls and the internal live-room console. */
export const live = { ...liveCalls, ...liveConsole } as const;
