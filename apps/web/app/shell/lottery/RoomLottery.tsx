import type { LotteryInfo } from '@h5/contract';
import { Link } from 'react-router';
import { putEntry } from '../../lib/data-layer/put-entry';
import { useEntry } from '../../lib/data-layer/use-entry';
import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import { LotteryCard } from './LotteryCard';
import styles from './lottery.module.css';

/**
 * The live room's lottery (issue 17 point 1): the stream's newest lottery as its card, entered in
 * place, with a link to its page (the winner's address and shipping). Nothing without one.
 */
// A stream without a lottery answers 'not found': the room shows nothing, no toast.
const QUIET = { errorToast: false } as const;

export function RoomLottery({ streamId }: { streamId: number }) {
  const [state, reload] = useEntry('lottery.lotteryInfo', { streamId }, null, QUIET);
  if (state.status !== 'ready') return null;
  const info = state.data;
  const update = (next: LotteryInfo) => putEntry('lottery.lotteryInfo', { streamId }, next);
  return (
    <div className={styles.roomLottery} data-testid="room-lottery">
      <LotteryCard info={info} onUpdate={update} onDue={reload} />
      <Link
        className={styles.secondary}
        to={`/live/lottery?lotteryId=${info.lotteryId}`}
        data-testid="room-lottery-open"
      >
        {info.my.state === 'won' ? text.toDelivery : text.details}
      </Link>
    </div>
  );
}
