import type { AnalyticsEvent } from '@h5/contract';
import { LOG_PREFIX, type TrackerLogger } from './logger';

/**
 * Hands a batch to the browser on page hide; true when the browser took it (it delivers it even
 * after the page is gone), false when it refused or there is no way to send.
 */
export type BeaconSender = (events: AnalyticsEvent[]) => boolean;

/** The signed request for a batch: the collector URL (sign in the query) and the body. */
export interface BeaconRequest {
  url: string;
  body: string;
  /** Default application/json (same origin). A cross-origin beacon needs a CORS-safe type (text/plain). */
  contentType?: string;
}

/** The part of `navigator` the beacon uses. */
interface BeaconNavigator {
  sendBeacon?: (url: string, data: Blob) => boolean;
}

interface BeaconEnvironment {
  navigator?: BeaconNavigator | undefined;
  fetch?: typeof fetch | undefined;
  logger?: TrackerLogger;
}

/**
 * `navigator.sendBeacon(url, blob)`, or `fetch(url, { keepalive: true })` where there is no
 * sendBeacon. `build` signs: the web app passes a function that makes the URL and body the same
 * way as its API client. A sendBeacon that returns false (over the browser's 64 KiB in-flight
 * quota) is not retried with fetch, which would meet the same quota.
 */
export function createBeaconSender(
  build: (events: AnalyticsEvent[]) => BeaconRequest,
  environment: BeaconEnvironment = {},
): BeaconSender {
  const logger = environment.logger ?? console;
  return (events) => {
    if (events.length === 0) return true;
    const navigator = environment.navigator ?? (globalThis as { navigator?: BeaconNavigator }).navigator;
    const doFetch = environment.fetch ?? globalThis.fetch;
    let request: BeaconRequest;
    try {
      request = build(events);
    } catch (error) {
      logger.warn(LOG_PREFIX, 'could not build the beacon request', error);
      return false;
    }
    const type = request.contentType ?? 'application/json';
    if (typeof navigator?.sendBeacon === 'function') {
      try {
        return navigator.sendBeacon(request.url, new Blob([request.body], { type }));
      } catch (error) {
        // Some webviews throw on a blocked URL; fall through to fetch.
        logger.warn(LOG_PREFIX, 'sendBeacon threw; trying fetch keepalive', error);
      }
    }
    if (typeof doFetch !== 'function') return false;
    try {
      doFetch(request.url, {
        method: 'POST',
        body: request.body,
        headers: { 'content-type': type },
        keepalive: true,
        credentials: 'include',
      }).catch((error: unknown) => logger.warn(LOG_PREFIX, 'keepalive send failed', error));
      return true;
    } catch (error) {
      logger.warn(LOG_PREFIX, 'keepalive fetch threw', error);
      return false;
    }
  };
}
