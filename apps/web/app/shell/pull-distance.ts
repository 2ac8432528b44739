/** Finger travel (px) past which releasing a pull refreshes the feed. */
export const PULL_TRIGGER_PX = 64;
/** The indicator never moves further than this. */
export const PULL_MAX_PX = 96;
/** The indicator follows the finger at this fraction of its travel. */
const PULL_RESISTANCE = 0.5;

/** Where the pull indicator sits for a finger travel of `dy` px (rubber-band feel). */
export function pullOffset(dy: number): number {
  if (dy <= 0) return 0;
  return Math.min(PULL_MAX_PX, Math.round(dy * PULL_RESISTANCE));
}

/** True when a pull of `dy` px has gone far enough to refresh on release. */
export function pullTriggers(dy: number): boolean {
  return dy >= PULL_TRIGGER_PX;
}
