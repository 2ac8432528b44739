import { TRACKER_MESSAGES } from '@h5/core';
import { Tracker } from './tracker';
import { TrackerError } from './tracker-error';

/** Throws the spec's message unless `instance` is a usable tracker (spec §5). */
export function assertTracker(instance: unknown): asserts instance is Tracker {
  if (!(instance instanceof Tracker)) {
    throw new TrackerError('notTrackerInstance', TRACKER_MESSAGES.notTrackerInstance);
  }
  const { name, target } = instance as { name?: unknown; target?: unknown };
  if (typeof name !== 'string' || name === '') {
    throw new TrackerError('nameRequired', TRACKER_MESSAGES.nameRequired);
  }
  if (target === undefined || target === null || target === '') {
    throw new TrackerError('targetRequired', TRACKER_MESSAGES.targetRequired);
  }
  if (typeof (instance as { track?: unknown }).track !== 'function') {
    throw new TrackerError('trackRequired', TRACKER_MESSAGES.trackRequired);
  }
}

/** Registered trackers by name; `list()` is a stable array, rebuilt only on (un)registration. */
export class TrackerRegistry {
  #byName = new Map<string, Tracker>();
  #list: readonly Tracker[] = [];

  /** Checks and adds a tracker; returns the function that removes it again. */
  register(instance: Tracker): () => void {
    assertTracker(instance);
    if (this.#byName.has(instance.name)) {
      throw new TrackerError('alreadyRegistered', TRACKER_MESSAGES.alreadyRegistered(instance.name));
    }
    this.#byName.set(instance.name, instance);
    this.#list = [...this.#byName.values()];
    return () => {
      if (this.#byName.get(instance.name) === instance) this.unregister(instance.name);
    };
  }

  unregister(name: string): void {
    if (this.#byName.delete(name)) this.#list = [...this.#byName.values()];
  }

  get(name: string): Tracker | undefined {
    return this.#byName.get(name);
  }

  list(): readonly Tracker[] {
    return this.#list;
  }
}

/** The page's registry: `createAnalytics` registers its queue here unless given another one. */
export const defaultRegistry = new TrackerRegistry();

/** Registers a tracker in the page's registry (spec §5 checks); returns its unregister function. */
export function registerTracker(instance: Tracker): () => void {
  return defaultRegistry.register(instance);
}
