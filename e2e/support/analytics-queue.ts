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

/** Every uuid the page posts to the collector, in order (one entry per time it was sent). */
export function watchSentUuids(target: Page | BrowserContext): string[] {
  const sent: string[] = [];
  target.on('request', (request: Request) => {
    if (!request.url().includes(COLLECT_PATH)) return;
    const body = JSON.parse(request.postData() ?? '{}') as { events?: { uuid?: string }[] };
    for (const event of body.events ?? []) if (event.uuid) sent.push(event.uuid);
  });
  return sent;
}
