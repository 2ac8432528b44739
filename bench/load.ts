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
