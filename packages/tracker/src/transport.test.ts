import type { AnalyticsEvent, collectResultSchema } from '@h5/contract';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { createBridgeTransport } from './bridge-transport';
import { type CollectAnswer, createCollectorTransport, outcomeFromCollectAnswer } from './transport';

const event = (uuid: string) =>
  ({
    uuid,
    tracker: 'community',
    event: 'pageView',
    payload: {},
    occurredAt: 1,
    expiresAt: 2,
  }) as AnalyticsEvent;
const batch = [event('a'), event('b'), event('c'), event('d')];

describe('outcomeFromCollectAnswer', () => {
  it('counts stored and duplicate uuids as succeeded and refusals as failed for good', () => {
    const outcome = outcomeFromCollectAnswer(batch, {
      accepted: ['a'],
      duplicates: ['b'],
      rejected: [
        { index: 2, uuid: 'c', reason: 'payload.contentId: expected a number' },
        { index: 3, uuid: null, reason: 'uuid missing' },
      ],
    });
    expect(outcome).toEqual({
      succeeded: ['a', 'b'],
      failedPermanently: ['c', 'd'],
      reasons: { c: 'payload.contentId: expected a number', d: 'uuid missing' },
    });
  });

  it('matches the contract’s collect answer', () => {
    expectTypeOf<z.output<typeof collectResultSchema>>().toExtend<CollectAnswer>();
  });
});

describe('createCollectorTransport', () => {
  it('posts the batch and maps the answer; a rejection propagates (the batch is kept)', async () => {
    const post = vi.fn(async ({ events }: { events: AnalyticsEvent[] }) => ({
      accepted: events.map((e) => e.uuid),
      duplicates: [],
      rejected: [],
    }));
    const transport = createCollectorTransport(post);
    expect(transport.target).toBe('collector');
    await expect(transport.send(batch)).resolves.toMatchObject({ succeeded: ['a', 'b', 'c', 'd'] });
    expect(post).toHaveBeenCalledWith({ events: batch });
    post.mockRejectedValueOnce(new Error('timeout'));
    await expect(transport.send(batch)).rejects.toThrow('timeout');
  });
});

describe('createBridgeTransport', () => {
  it('sends the batch to the native side; what it did not accept is kept', async () => {
    const call = vi.fn(async () => ({ accepted: ['a', 'c', 'not-in-batch'] }));
    const transport = createBridgeTransport(call);
    expect(transport.target).toBe('native');
    await expect(transport.send(batch)).resolves.toEqual({ succeeded: ['a', 'c'], failedPermanently: [] });
    expect(call).toHaveBeenCalledWith({ events: batch });
  });

  it('a failed bridge call keeps the whole batch', async () => {
    const transport = createBridgeTransport(() => Promise.reject(new Error('timeout')));
    await expect(transport.send(batch)).rejects.toThrow('timeout');
  });
});
