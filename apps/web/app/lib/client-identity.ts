import type { ClientFields } from '@h5/contract';
import { BUILD_RELEASE, CLIENT_ID, deviceAnonymousId } from '@h5/core';
import { readStorage, writeStorage } from './browser-storage';

// Read once per page: with storage blocked, every report of this page still carries one id.
let anonymousId: string | undefined;

/** The device's anonymous id (spec §3): kept in local storage, created when missing; never cleared. */
export function pageAnonymousId(): string {
  anonymousId ??= deviceAnonymousId({
    getItem: (key) => readStorage('local', key),
    setItem: (key, value) => writeStorage('local', key, value),
  });
  return anonymousId;
}

/**
 * Who reports (issue 12): the anonymous id, our client id 'h5' and build release 5.79.1 (spec
 * §9), sent with every analytics event and telemetry report. Loaded lazily with them.
 */
export function clientFields(): Required<ClientFields> {
  return { anonymousId: pageAnonymousId(), clientId: CLIENT_ID, release: BUILD_RELEASE };
}
