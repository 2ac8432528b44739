import type { UserMotivation } from '@h5/contract';
import { TASKS_TEXT as text } from '../../lib/ui-text/invite-tasks';
import styles from './tasks.module.css';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The day's weekday in Chinese, or 今 for today. */
const weekdayOf = (day: string, isToday: boolean) =>
  isToday ? text.today : text.weekday[new Date(`${day}T00:00:00Z`).getUTCDay()];

/** The streak banner of user-motivation: days in a row, the line for the user, the last 7 days. */
export function MotivationBanner({ motivation: m }: { motivation: UserMotivation }) {
  return (
    <section className={styles.banner} aria-labelledby="motivation-title" data-testid="motivation">
      <div className={styles.bannerHead}>
        <h2 className={styles.bannerLabel} id="motivation-title">
          {text.motivationLabel}
        </h2>
        <p className={styles.streak} data-testid="motivation-streak" data-days={m.streakDays}>
          <span className={styles.streakNumber}>{text.streak(m.streakDays)}</span>
          <span className={styles.streakUnit}>{text.streakUnit}</span>
        </p>
      </div>
      <p className={styles.message} data-testid="motivation-message">
        {m.message}
      </p>
      <p className={styles.milestone} data-testid="motivation-week">
        {text.weekSummary(
          sum(m.week.map((d) => d.publishes)),
          sum(m.week.map((d) => d.lights)),
          sum(m.week.map((d) => d.comments)),
        )}
      </p>
      <ol className={styles.week} aria-label={text.weekTitle}>
        {m.week.map((d, i) => {
          const isToday = i === m.week.length - 1;
          return (
            <li
              key={d.day}
              className={styles.weekDay}
              data-active={d.active}
              aria-label={d.active ? text.activeDay(d.day) : text.quietDay(d.day)}
            >
              <span className={styles.weekDot} aria-hidden="true" />
              <span className={styles.weekName} aria-hidden="true">
                {weekdayOf(d.day, isToday)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
