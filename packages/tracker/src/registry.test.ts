import { TRACKER_MESSAGES } from '@h5/core';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultRegistry, registerTracker, TrackerRegistry } from './registry';
import { type TrackedEvent, Tracker } from './tracker';
import { isTrackerError, type TrackerError } from './tracker-error';

class ConsoleTracker extends Tracker {
  override readonly target: string = 'console';
  readonly events: TrackedEvent[] = [];

  constructor(override readonly name = 'console') {
    super();
  }

  override track(event: TrackedEvent): void {
    this.events.push(event);
  }
}

function thrown(fn: () => unknown): TrackerError {
  try {
    fn();
  } catch (error) {
    if (isTrackerError(error)) return error;
    throw error;
  }
  throw new Error('did not throw');
}

const asTracker = (value: unknown) => value as Tracker;

describe('registerTracker (spec §5)', () => {
  afterEach(() => defaultRegistry.unregister('console'));

  it('registers an instance of the base class with a name, a target and a track method', () => {
    const registry = new TrackerRegistry();
    const tracker = new ConsoleTracker();
    const unregister = registry.register(tracker);
    expect(registry.get('console')).toBe(tracker);
    expect(registry.list()).toEqual([tracker]);
    unregister();
    expect(registry.list()).toEqual([]);
  });

  it('refuses an object that is not an instance of the base class', () => {
    const error = thrown(() =>
      new TrackerRegistry().register(asTracker({ name: 'x', target: 'y', track: () => undefined })),
    );
    expect(error.code).toBe('notTrackerInstance');
    expect(error.message).toBe(TRACKER_MESSAGES.notTrackerInstance);
    expect(thrown(() => new TrackerRegistry().register(asTracker(null))).message).toBe(
      TRACKER_MESSAGES.notTrackerInstance,
    );
  });

  it('refuses a tracker without a name', () => {
    const error = thrown(() => new TrackerRegistry().register(new ConsoleTracker('')));
    expect([error.code, error.message]).toEqual(['nameRequired', TRACKER_MESSAGES.nameRequired]);
    const unnamed = Object.assign(new ConsoleTracker(), { name: undefined });
    expect(thrown(() => new TrackerRegistry().register(unnamed)).message).toBe(TRACKER_MESSAGES.nameRequired);
  });

  it('refuses a tracker without a target', () => {
    const error = thrown(() =>
      new TrackerRegistry().register(Object.assign(new ConsoleTracker(), { target: '' })),
    );
    expect([error.code, error.message]).toEqual(['targetRequired', TRACKER_MESSAGES.targetRequired]);
  });

  it('refuses a tracker whose track is not a method', () => {
    const broken = Object.assign(new ConsoleTracker(), { track: 'nope' });
    const error = thrown(() => new TrackerRegistry().register(asTracker(broken)));
    expect([error.code, error.message]).toEqual(['trackRequired', TRACKER_MESSAGES.trackRequired]);
  });

  it('refuses a second tracker of the same name and keeps the first', () => {
    const registry = new TrackerRegistry();
    const first = new ConsoleTracker();
    registry.register(first);
    const error = thrown(() => registry.register(new ConsoleTracker()));
    expect([error.code, error.message]).toEqual([
      'alreadyRegistered',
      TRACKER_MESSAGES.alreadyRegistered('console'),
    ]);
    expect(registry.get('console')).toBe(first);
  });

  it('an old unregister function does not remove a newer tracker of the same name', () => {
    const registry = new TrackerRegistry();
    const unregisterFirst = registry.register(new ConsoleTracker());
    unregisterFirst();
    const second = new ConsoleTracker();
    registry.register(second);
    unregisterFirst();
    expect(registry.get('console')).toBe(second);
  });

  it('registerTracker uses the page registry', () => {
    const tracker = new ConsoleTracker();
    registerTracker(tracker);
    expect(defaultRegistry.get('console')).toBe(tracker);
  });
});
