import type { CreditRecord, HostLevelInfo, LiveContext } from '@h5/contract';
import { useEntry } from '../../lib/data-layer/use-entry';
import { useInfinite } from '../../lib/data-layer/use-infinite';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { ProgressBar } from '../../shell/ActionRow';
import { PagedListView } from '../../shell/PagedListView';
import { EntryCard } from '../../shell/SectionCard';
import styles from '../../shell/screen.module.css';
import { TimeText } from '../../shell/TimeText';
import live from './live.module.css';

/** The host's level, experience towards the next and the privileges (unlocked in colour). */
export function HostLevel({ info }: { info: HostLevelInfo }) {
  const span = info.nextExperience === null ? 1 : info.nextExperience - info.levelExperience;
  const done = info.nextExperience === null ? 1 : info.experience - info.levelExperience;
  return (
    <>
      <section className={styles.hero} data-testid="host-level">
        <div className={live.hostHero}>
          <img className={live.avatar} src={info.host.avatar} alt="" width={56} height={56} />
          <div className={live.heroText}>
            <p className={styles.heroLevel}>{text.level(info.level)}</p>
            <p className={styles.heroNote}>
              {info.host.userName} · {text.experience(info.experience, info.nextExperience)}
            </p>
          </div>
        </div>
        <div className={live.heroBar} aria-hidden="true">
          <span className={live.heroBarFill} style={{ width: `${Math.min(100, (done / span) * 100)}%` }} />
        </div>
      </section>
      <section className={styles.card}>
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>{text.privileges}</h2>
        </div>
        <ul className={live.chips}>
          {info.privileges.map((p) => (
            <li
              key={p.name}
              className={`${live.chip} ${p.unlocked ? live.chipOn : ''}`}
              data-unlocked={p.unlocked}
            >
              Lv{p.level} {p.name}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** Today's experience tasks with their progress. */
export function HostTasks({ context }: { context: LiveContext }) {
  return (
    <EntryCard
      title={text.tasksTitle}
      note={(tasks) => text.experienceToday(tasks.experienceToday)}
      testId="host-tasks"
      entry={useEntry('live.levelTaskInfo', context, null)}
    >
      {(tasks) => (
        <div className={styles.figures}>
          {tasks.tasks.map((task) => (
            <div
              key={task.key}
              className={styles.figure}
              data-testid={`host-task-${task.key}`}
              data-done={task.done}
            >
              <span>{task.title}</span>
              <span className={task.done ? live.plus : styles.note}>
                {task.progress}/{task.target} · {text.taskReward(task.experience)}
              </span>
              <ProgressBar value={task.progress} target={task.target} />
            </div>
          ))}
        </div>
      )}
    </EntryCard>
  );
}

/** The last seven days: tasks done of all, the streak, and today's broadcasts. */
export function DailyTasks({ context }: { context: LiveContext }) {
  return (
    <EntryCard
      title={text.dailyTitle}
      note={(daily) => text.streak(daily.streak)}
      testId="daily-tasks"
      entry={useEntry('live.dailyTask', context, null)}
    >
      {(daily) => (
        <>
          <ol className={live.days}>
            {daily.days.map((d) => (
              <li
                key={d.day}
                className={`${live.day} ${d.done === d.total ? live.dayDone : ''}`}
                data-testid="daily-day"
              >
                <span>{d.day.slice(5)}</span>
                <span>
                  {d.done}/{d.total}
                </span>
              </li>
            ))}
          </ol>
          <p className={styles.note} style={{ marginTop: 'var(--space-1)' }}>
            {text.liveToday(daily.broadcastsToday, daily.liveMinutesToday)}
          </p>
        </>
      )}
    </EntryCard>
  );
}

const recordId = (r: CreditRecord) => r.recordId;

/** The credit score, its grade and its records (paged, newest first). */
export function Credit({ context }: { context: LiveContext }) {
  const list = useInfinite('live.creditDetail', { ...context, limit: 20 }, null, recordId);
  const last = list.state.last;
  return (
    <section className={styles.card} data-testid="credit">
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{text.creditTitle}</h2>
        {last ? (
          <span>
            <span className={live.score} data-testid="credit-score">
              {last.score}
            </span>{' '}
            <span className={styles.note}>{last.grade}</span>
          </span>
        ) : null}
      </div>
      <PagedListView list={list} emptyText={text.creditEmpty} skeleton={<div className={styles.skeleton} />}>
        {(items) => (
          <ul className={styles.rows}>
            {items.map((r) => (
              <li key={r.recordId} className={styles.row}>
                <span className={styles.rowText}>
                  <span className={styles.rowTitle}>{r.reason}</span>
                  <TimeText className={styles.note} at={r.createdAt} />
                </span>
                <span className={r.delta > 0 ? live.plus : live.minus}>
                  {r.delta > 0 ? `+${r.delta}` : r.delta}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedListView>
    </section>
  );
}
