import { isApiError } from '@h5/request/api-error-brand';
import { rememberAfterLogin } from './after-login';

/** One toggle's bookkeeping: what the server said last, what the viewer wants, a call running. */
interface Pending<S> {
  server: S;
  wanted: boolean;
  busy: boolean;
}

/** How a toggle (light, follow, later want and join) reads, sends and shows its state. */
export interface Toggle<S> {
  /** Names the target: `light:12`, `follow:7`. */
  key: string;
  /** What the screen shows at the tap (its data with the shadow over it, read at call time). */
  current: () => S;
  /** Whether a state is "on". */
  on: (state: S) => boolean;
  /** The state shown at once for a wish, from what the server said last. */
  optimistic: (server: S, want: boolean) => S;
  /** Asks the server for `want`; resolves with its answer. */
  send: (want: boolean, server: S) => Promise<S>;
  /** Shows a state everywhere (writes the shadow). */
  show: (state: S) => void;
}

const pending = new Map<string, Pending<unknown>>();

/**
 * The one toggle queue (decision record 005): a tap flips the shown state at once; calls per
 * target go one at a time, and after each the latest wish is sent again while the server differs,
 * so rapid taps end in the last intent. A failed call rolls back to what the server said last.
 */
export function toggle<S>(t: Toggle<S>): void {
  let p = pending.get(t.key) as Pending<S> | undefined;
  if (!p) {
    const current = t.current();
    p = { server: current, wanted: t.on(current), busy: false };
    pending.set(t.key, p);
  }
  p.wanted = !p.wanted;
  t.show(t.optimistic(p.server, p.wanted));
  void drain(t, p);
}

async function drain<S>(t: Toggle<S>, p: Pending<S>) {
  if (p.busy) return;
  p.busy = true;
  try {
    while (p.wanted !== t.on(p.server)) {
      const want = p.wanted;
      p.server = await t.send(want, p.server);
      if (want === p.wanted) t.show(p.server);
    }
  } catch (error) {
    console.warn(`${t.key} failed, rolled back`, error);
    // Turned on by a visitor: the login the request hooks open comes back to it (after-login.ts).
    if (p.wanted && isApiError(error) && error.kind === 'auth') rememberAfterLogin(t.key);
    p.wanted = t.on(p.server);
    t.show(p.server);
  } finally {
    p.busy = false;
    // Settled: the shadow holds the server's state, the next tap starts from it.
    pending.delete(t.key);
  }
}
