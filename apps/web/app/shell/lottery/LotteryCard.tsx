import type { LotteryInfo } from '@h5/contract';
import { useEffect, useState } from 'react';
import { formatCountdown, LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { useAction } from '../../lib/use-action';
import styles from './lottery.module.css';

/** Milliseconds until `at`, ticking every second while in the future. */
function useCountdown(at: string): number {
  const target = Date.parse(at);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (target <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target]);
  return target - now;
}

/** A lottery on screen and what its writes and its countdown do. */
export interface LotteryProps {
  info: LotteryInfo;
  /** A write's answer, the lottery as it is now: the screen puts it where it read the lottery. */
  onUpdate: (info: LotteryInfo) => void;
  /** The draw's time has come: read the lottery again (reading a due lottery draws it). */
  onDue: () => void;
}

/**
 * A lottery as a viewer meets it (the live room shows it too): prize, host, rule, the countdown
 * to the draw, how many entered, and the viewer's state with the entry button. When the
 * countdown ends it asks again (`onDue`): reading a due lottery draws it.
 */
export function LotteryCard({ info, onUpdate, onDue }: LotteryProps) {
  const left = useCountdown(info.drawAt);
  const due = !info.drawn && left <= 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the countdown reaches zero
  useEffect(() => {
    if (due) onDue();
  }, [due]);
  const enter = useAction('lottery.enterLottery', { onDone: onUpdate });
  const { state } = info.my;
  const canEnter = !info.drawn && !due && (state === 'visitor' || state === 'not_entered');
  return (
    <section
      className={styles.prizeCard}
      data-testid="lottery-card"
      data-state={state}
      aria-labelledby="lottery-prize"
    >
      <p className={styles.kicker}>
        <img className={styles.avatar} src={info.host.avatar} alt="" width={24} height={24} />
        {info.host.userName} · {text.title}
      </p>
      <h2 className={styles.prize} id="lottery-prize" data-testid="lottery-prize">
        {info.prize}
      </h2>
      <p className={styles.meta}>
        {text.prizeCount(info.quantity)} · {text.rules[info.entryRule]} · {text.entrants(info.entrantCount)}
      </p>
      <p className={styles.countdown} data-testid="lottery-countdown" aria-live="polite">
        {info.drawn ? text.drawn : due ? text.drawing : text.drawIn(formatCountdown(left))}
      </p>
      <p className={styles.state} data-testid="lottery-state">
        {info.drawn && state === 'not_entered' ? text.missed : text.states[state]}
      </p>
      {canEnter ? (
        <button
          type="button"
          className={styles.enter}
          disabled={enter.busy}
          onClick={() => void enter.run({ lotteryId: info.lotteryId })}
          data-testid="lottery-enter"
        >
          {enter.busy ? text.entering : text.enter}
        </button>
      ) : null}
      {enter.error ? (
        <p className={styles.heroError} role="alert">
          {enter.error}
        </p>
      ) : null}
    </section>
  );
}
