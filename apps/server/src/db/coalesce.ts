/**
 * Concurrent calls of one statement answered together (group commit, for reads): at most
 * `inFlight` runs at a time per key; calls that arrive while all are busy wait and the next free
 * run takes them all (up to `maxItems`) in one statement. A lone call runs at once, so it costs
 * nothing when the node is quiet; under load a round trip to the database, the node's dearest
 * part of a signed-in page (a third of its time in the socket writes), serves many pages.
 */
export class Coalescer<Item, Result> {
  private readonly queues = new Map<string, Queue<Item, Result>>();

  constructor(
    /** Answers `items` in one go, one result per item, in order; a failure fails each of them. */
    private readonly run: (items: Item[], key: string) => Promise<Result[]>,
    private readonly options: { inFlight: number; maxItems: number },
  ) {}

  /** `item`'s result, run with the other waiting calls of the same `key` (calls a run may share). */
  load(item: Item, key = ''): Promise<Result> {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = { waiting: [], busy: 0 };
      this.queues.set(key, queue);
    }
    const target = queue;
    return new Promise<Result>((done, fail) => {
      target.waiting.push({ item, done, fail });
      if (target.busy < this.options.inFlight) void this.drain(key, target);
    });
  }

  private async drain(key: string, queue: Queue<Item, Result>): Promise<void> {
    queue.busy++;
    try {
      for (let group = queue.waiting.splice(0, this.options.maxItems); group.length > 0; ) {
        try {
          const results = await this.run(
            group.map((call) => call.item),
            key,
          );
          for (const [i, call] of group.entries()) call.done(results[i] as Result);
        } catch (error) {
          for (const call of group) call.fail(error);
        }
        group = queue.waiting.splice(0, this.options.maxItems);
      }
    } finally {
      queue.busy--;
      if (queue.busy === 0 && queue.waiting.length === 0) this.queues.delete(key);
    }
  }
}

interface Queue<Item, Result> {
  waiting: Array<{ item: Item; done: (result: Result) => void; fail: (error: unknown) => void }>;
  busy: number;
}
