import { formatTime, type TimeStyle } from '../lib/format-time';
import { useNow } from '../lib/use-now';

/**
 * A moment on screen by the one date rule (lib/format-time.ts): a `<time>` with the exact moment
 * for machines and 3分钟前 / 昨天 / 5月24日 for people, moving on with the clock.
 */
export function TimeText({
  at,
  style,
  className,
  format = (text) => text,
}: {
  at: string | number;
  style?: TimeStyle;
  className?: string;
  /** Words around the time (`${date} 关注`), from the screen's catalogue. */
  format?: (text: string) => string;
}) {
  const now = useNow();
  const iso = new Date(at).toISOString();
  return (
    <time className={className} dateTime={iso}>
      {format(formatTime(at, now, style))}
    </time>
  );
}
