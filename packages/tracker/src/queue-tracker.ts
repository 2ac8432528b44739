import type { EventQueue } from './event-queue';
import { type TrackedEvent, Tracker } from './tracker';

/** The analytics' own tracker: puts each tracked event in the persistent queue under its name. */
export class QueueTracker extends Tracker {
  constructor(
    override readonly name: string,
    override readonly target: string,
    private readonly queue: EventQueue,
  ) {
    super();
  }

  override track(event: TrackedEvent): void {
    this.queue.enqueue(this.name, event.event, event.payload, event.occurredAt);
  }
}
