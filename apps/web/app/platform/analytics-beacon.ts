import { type AnalyticsEvent, contract, type PublicRuntimeConfig } from '@h5/contract';
import { buildRequest } from '@h5/request';
import type { BeaconRequest } from '@h5/tracker';

/**
 * The collector request a beacon sends on page hide: signed as the API client signs, as
 * text/plain, which keeps a cross-origin beacon free of a CORS preflight (the collector reads it
 * as JSON). Its own chunk: the contract it builds with is the platform's costliest module to
 * evaluate, and analytics starts without it (platform/analytics.ts).
 */
export function beaconRequest(runtime: PublicRuntimeConfig, events: AnalyticsEvent[]): BeaconRequest {
  const wire = buildRequest(contract.analytics.collectEvents, { events }, runtime.signSecret);
  return {
    url: `${runtime.apiBaseUrl}${wire.url}`,
    body: wire.body ?? '',
    contentType: 'text/plain;charset=UTF-8',
  };
}
