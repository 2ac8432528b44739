import { creatorDataCenter } from './data-center';
import { creatorUpgrade } from './upgrade';
import { creatorVideoAccount } from './video-account';

export * from './data-center';
export * from './upgrade';
export * from './video-account';

/** Creator (issue 15): the data centre, the upgrade programme with flexible staffing, the video account. */
export const creator = { ...creatorDataCenter, ...creatorUpgrade, ...creatorVideoAccount } as const;
