import type { LiveContext, WeekTask } from '@h5/contract';
import { useEntry } from '../../lib/data-layer/use-entry';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { useApi } from '../../lib/use-api';
import { Placeholder } from '../../shell/Placeholder';
import styles from '../../shell/screen.module.css';
import { useOnce } from './use-once';

/** This week's member tasks with their progress and a claim button each (exactly once on the server). */
export function WeekTasks({
  context,
  onClaimed,
  toast,
}: {
  context: LiveContext & { streamId: number };
  onClaimed: () => void;
  toast: (message: string) => void;
}) {
  const api = useApi();
  const [state, reload] = useEntry('live.weekTaskInfo', context, null);
  const { run, busy } = useOnce<string>();
  const claim = (task: WeekTask) =>
    run(task.key, async () => {
      try {
        const award = await api(
          'live.weekTaskAward',
          { ...context, taskKey: task.key },
          { errorToast: false },
        );
        toast(text.claimedToast(award.intimacy));
      } catch (failure) {
        toast(failure instanceof Error ? failure.message : String(failure));
      }
      onClaimed();
    });
  return (
    <section className={styles.card} data-testid="week-tasks">
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{text.weekTitle}</h2>
        <span className={styles.note}>{text.weekNote}</span>
      </div>
      {state.status === 'loading' ? <div className={styles.skeleton} /> : null}
      {state.status === 'failed' || state.status === 'missing' ? (
        <Placeholder type="networkError" onRetry={reload} />
      ) : null}
      {state.status === 'ready' ? (
        <ul className={styles.rows}>
          {state.data.tasks.map((task) => (
            <li
              key={task.key}
              className={styles.row}
              data-testid={`week-task-${task.key}`}
              data-state={task.state}
            >
              <span className={styles.rowText}>
                <span className={styles.rowTitle}>{task.title}</span>
                <span className={styles.note}>
                  {task.progress} / {task.target} · {text.taskAward(task.intimacy)}
                </span>
                <span className={styles.bar} aria-hidden="true">
                  <span
                    className={styles.barFill}
                    style={{ width: `${(task.progress / task.target) * 100}%` }}
                  />
                </span>
              </span>
              <button
                type="button"
                className={styles.action}
                disabled={task.state !== 'claimable' || busy === task.key}
                onClick={() => void claim(task)}
                data-testid={`claim-${task.key}`}
              >
                {busy === task.key
                  ? text.claiming
                  : task.state === 'claimed'
                    ? text.claimed
                    : task.state === 'claimable'
                      ? text.claim
                      : text.doing}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
