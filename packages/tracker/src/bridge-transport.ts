import type { AnalyticsEvent } from '@h5/contract';
import type { AnalyticsTransport } from './transport';

/** The native side's answer to a batch: the uuids it took over (it delivers them itself). */
export interface NativeTrackAnswer {
  accepted: readonly string[];
}

/**
 * Inside the app, events may go to the native side instead of HTTP. `call` sends one bridge
 * request with the batch (e.g. `(payload) => bridge.call('trackEvents', payload)` once the
 * protocol has that kind); uuids the app did not accept are kept and sent again, and a rejected
 * call (time-out, old app) keeps the whole batch.
 */
export function createBridgeTransport(
  call: (payload: { events: AnalyticsEvent[] }) => Promise<NativeTrackAnswer>,
): AnalyticsTransport {
  return {
    target: 'native',
    async send(events) {
      const answer = await call({ events });
      const sent = new Set(events.map((event) => event.uuid));
      return { succeeded: (answer?.accepted ?? []).filter((uuid) => sent.has(uuid)), failedPermanently: [] };
    },
  };
}
