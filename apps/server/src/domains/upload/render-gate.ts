import { StorageHostError } from './storage-error';

/**
 * Bounds the image work of the CDN (seed photos, x-oss-process variants) in one process: at most
 * `concurrency` renders at once and `queue` waiting; a request past that is refused at once with
 * 503 SlowDown (S3's throttling answer) instead of piling up CPU work (issue 11 point 6).
 */
export class RenderGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Renders started, for tests and logs: a refused or cached request does not move it. */
  started = 0;

  constructor(
    private readonly concurrency = 2,
    private readonly queue = 64,
  ) {}

  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length >= this.queue) throw slowDown();
    // A finishing render hands its slot straight to the next in line (running stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.started++;
    try {
      return await render();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const slowDown = () =>
  new StorageHostError(503, 'SlowDown', 'Too many images are being rendered. Please retry shortly.');
