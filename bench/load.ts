// A bounded closed-loop HTTP load generator on loopback: `concurrency` keep-alive clients send
// requests for `durationMs` (after a warm-up) and completed requests per second are counted.
// Bounded in count and time, it stops by itself.
import http from 'node:http';

export interface LoadOptions {
  concurrency?: number;
  durationMs?: number;
  warmupMs?: number;
  maxRequests?: number;
  /** Request headers, e.g. `accept-encoding` for compressed pages. */
  headers?: Record<string, string>;
  /** GET unless told; a POST sends `body` with every request. */
  method?: 'GET' | 'POST';
  body?: string;
}

function once(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  body: string | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, headers, method }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode} from ${url}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Completed requests per second for the URLs `nextUrl()` yields, measured over `durationMs`. */
export async function measureRps(nextUrl: () => string, options: LoadOptions = {}): Promise<number> {
  const {
    concurrency = 32,
    durationMs = 5000,
    warmupMs = 1000,
    maxRequests = 2_000_000,
    headers = {},
    method = 'GET',
    body,
  } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const run = async (ms: number) => {
    let done = 0;
    const stopAt = Date.now() + ms;
    const worker = async () => {
      while (Date.now() < stopAt && done < maxRequests) {
        await once(agent, nextUrl(), headers, method, body);
        done++;
      }
    };
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: concurrency }, worker));
    return done / (Number(process.hrtime.bigint() - started) / 1e9);
  };
  try {
    await run(warmupMs);
    return await run(durationMs);
  } finally {
    agent.destroy();
  }
}

/** One side of {@link pairedLatencies}: the URLs it is asked, in turn, and how. */
export interface PairTarget {
  nextUrl: () => string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

/**
 * Per-request latencies (ms) of two targets measured side by side: each of `concurrency` clients
 * asks them in turn, so whatever else loads the machine meanwhile slows both alike and the ratio
 * of their medians stays. Bounded in time, after a discarded warm-up.
 */
export async function pairedLatencies(
  targets: readonly [PairTarget, PairTarget],
  options: Pick<LoadOptions, 'concurrency' | 'durationMs' | 'warmupMs'> = {},
): Promise<[number[], number[]]> {
  const { concurrency = 2, durationMs = 2000, warmupMs = 300 } = options;
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: concurrency }));
  const run = async (ms: number): Promise<[number[], number[]]> => {
    const samples: [number[], number[]] = [[], []];
    const stopAt = Date.now() + ms;
    const worker = async (first: number) => {
      for (let turn = first; Date.now() < stopAt; turn++) {
        const side = turn % 2;
        const target = targets[side] as PairTarget;
        const started = process.hrtime.bigint();
        await once(
          agents[side] as http.Agent,
          target.nextUrl(),
          target.headers ?? {},
          target.method ?? 'GET',
          target.body,
        );
        samples[side]?.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    };
    // Half the clients start on each side, so both always have requests in flight.
    await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
    return samples;
  };
  try {
    await run(warmupMs);
    return await run(durationMs);
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
