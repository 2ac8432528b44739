/** Runs the captcha for a risk check and resolves the passed captcha's session id (null: passed without one). */
export type RiskChallenge<Info> = (info: Info) => Promise<string | null>;

export interface RiskGate<Info> {
  /**
   * The session id of the challenge in flight, starting one (with this `info`) when none is.
   * Every caller that meets a risk check meanwhile gets the same promise: one captcha for all.
   */
  pass(info: Info): Promise<string | null>;
  /** True while a challenge is in flight. */
  readonly pending: boolean;
}

/**
 * One captcha at a time (DESIGN.md §9): concurrent calls that meet HTTP 485 wait behind a single
 * challenge and share its outcome, session id or rejection. Once it settles the gate is open
 * again, so a later risk check starts a new challenge.
 */
export function createRiskGate<Info>(challenge: RiskChallenge<Info>): RiskGate<Info> {
  let inFlight: Promise<string | null> | undefined;
  return {
    pass(info) {
      if (inFlight) return inFlight;
      // Through a then, so a challenge that throws synchronously rejects the promise instead.
      const current = Promise.resolve(info).then(challenge);
      const release = () => {
        if (inFlight === current) inFlight = undefined;
      };
      current.then(release, release);
      inFlight = current;
      return current;
    },
    get pending() {
      return inFlight !== undefined;
    },
  };
}
