import type { StarterTaskKey, TaskPageTask } from '@h5/contract';
import { Link } from 'react-router';
import { TASKS_TEXT as text } from '../../lib/ui-text/invite-tasks';
import screen from '../../shell/screen.module.css';
import styles from './tasks.module.css';

/** The starter tasks, each with its progress bar, its badge and a button that takes the user to do it. */
export function StarterTaskList({
  tasks,
  onPublish,
  onFollow,
}: {
  tasks: readonly TaskPageTask[];
  onPublish: () => void;
  onFollow: () => void;
}) {
  return (
    <ol className={screen.stack} data-testid="starter-tasks">
      {tasks.map((task) => (
        <li
          key={task.key}
          className={styles.task}
          data-testid={`starter-task-${task.key}`}
          data-done={task.done}
          data-progress={`${task.progress}/${task.target}`}
        >
          <div className={styles.taskHead}>
            <span className={styles.taskIcon} data-key={task.key} aria-hidden="true" />
            <span className={styles.taskText}>
              <span className={styles.taskTitle}>{task.title}</span>
              <span className={screen.note}>{task.hint}</span>
            </span>
            <TaskAction task={task} onPublish={onPublish} onFollow={onFollow} />
          </div>
          <div className={styles.taskProgress}>
            <span
              className={styles.bar}
              role="progressbar"
              aria-label={task.title}
              aria-valuemin={0}
              aria-valuemax={task.target}
              aria-valuenow={task.progress}
            >
              <span className={screen.barFill} style={{ width: `${(100 * task.progress) / task.target}%` }} />
            </span>
            <span className={styles.count} data-testid="starter-task-count">
              {text.progress(task.progress, task.target)}
            </span>
          </div>
          <p className={styles.reward}>
            <span className={styles.rewardLabel}>{text.rewardLabel}</span> {task.reward}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Where each task is done: the publisher, the creator list below, the feed. */
function TaskAction({
  task,
  onPublish,
  onFollow,
}: {
  task: TaskPageTask;
  onPublish: () => void;
  onFollow: () => void;
}) {
  if (task.done)
    return (
      <span className={`${screen.action} ${screen.actionMuted}`} data-testid="starter-task-done">
        {text.done}
      </span>
    );
  const label = text.actions[task.key as StarterTaskKey];
  if (task.key === 'light')
    return (
      <Link className={screen.action} to="/" data-testid="starter-task-action">
        {label}
      </Link>
    );
  return (
    <button
      type="button"
      className={screen.action}
      onClick={task.key === 'publish' ? onPublish : onFollow}
      data-testid="starter-task-action"
    >
      {label}
    </button>
  );
}
