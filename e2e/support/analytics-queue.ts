import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent } from '@h5/contract';
import { DEFAULT_KEY_PREFIX, eventKey } from '@h5/tracker';
import type { BrowserContext, Page, Request } from 'playwright-core';

/** The collector's path, to watch what the page sends. */
export const COLLECT_PATH = '/sns-analytics/v1/common/h5/collect';

let seq = 0;
/** A queued event as the tracker stores it, with a fresh uuid. */
export function queuedEvent(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  seq += 1;
  const now = Date.now();
  return {
    uuid: randomUUID(),
    tracker: 'community',
    event: 'feedClick',
    payload: { pageId: 9, contentId: 1, position: seq },
    occurredAt: now,
    expiresAt: now + 10_800_000,
    ...overrides,
  };
}

/** Puts events into the page's stored queue before any script of the page runs. */
export async function seedQueue(target: Page | BrowserContext, events: AnalyticsEvent[]): Promise<void> {
  const entries = events.map((event) => {
    const value = JSON.stringify(event);
    return [eventKey(DEFAULT_KEY_PREFIX, event.expiresAt, value.length, event.uuid), value] as const;
  });
  await target.addInitScript((pairs) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    for (const [key, value] of pairs) localStorage.setItem(key, value);
  }, entries);
}

/**
 * What the page posts to the collector with fetch, in order (an entry per time an event was
 * sent): uuids, and the event names beside them. Page-hide beacons do not show up in
 * Playwright's network events.
 */
export function watchSent(target: Page | BrowserContext): { uuids: string[]; events: string[] } {
  const sent = { uuids: [] as string[], events: [] as string[] };
  target.on('request', (request: Request) => {
    if (!request.url().includes(COLLECT_PATH)) return;
    const body = JSON.parse(request.postData() ?? '{}') as { events?: { uuid?: string; event?: string }[] };
    for (const e of body.events ?? []) {
      if (!e.uuid) continue;
      sent.uuids.push(e.uuid);
      sent.events.push(e.event ?? '');
    }
  });
  return sent;
}
