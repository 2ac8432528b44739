import type { LotteryInfo } from '@h5/contract';
import { useEffect, useState } from 'react';
import { formatCountdown, LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { useApi } from '../../lib/use-api';
import { useFormCall } from '../../lib/use-form-call';
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

/**
 * A lottery as a viewer meets it (the live room shows it too): prize, host, rule, the countdown
 * to the draw, how many entered, and the viewer's state with the entry button. When the
 * countdown ends it asks again (`onDue`): reading a due lottery draws it.
 */
export function LotteryCard({
  info,
  onUpdate,
  onDue,
}: {
  info: LotteryInfo;
  onUpdate: (info: LotteryInfo) => void;
  onDue: () => void;
}) {
  const api = useApi();
  const left = useCountdown(info.drawAt);
  const due = !info.drawn && left <= 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the countdown reaches zero
  useEffect(() => {
    if (due) onDue();
  }, [due]);
  const enter = useFormCall<LotteryInfo>(onUpdate);
  const { state } = info.my;
  const canEnter = !info.drawn && !due && (state === 'visitor' || state === 'not_entered');
  return (
    <section
      className={styles.hero}
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
          onClick={() =>
            void enter.run(() =>
              api('lottery.enterLottery', { lotteryId: info.lotteryId }, { errorToast: false }),
            )
          }
          data-testid="lottery-enter"
        >
          {enter.busy ? text.entering : text.enter}
        </button>
      ) : null}
      {enter.error ? (
        <p className={styles.heroError} role="alert">
          {enter.error.message}
        </p>
      ) : null}
    </section>
  );
}
