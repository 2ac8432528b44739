import { LIVE_TEXT as text } from '../../lib/ui-text/live';

/**
 * A claim row's button (a week task, an allowance): its label and whether it takes a tap, from
 * the row's state and whether its claim is in flight; `pending` names a row not claimable yet.
 */
export function claimButton(state: string, inFlight: boolean, pending: string) {
  const label = inFlight
    ? text.claiming
    : state === 'claimed'
      ? text.claimed
      : state === 'claimable'
        ? text.claim
        : pending;
  return { label, disabled: state !== 'claimable' || inFlight };
}
