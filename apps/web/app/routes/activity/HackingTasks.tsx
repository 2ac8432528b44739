import type { HackingTask } from '@h5/contract';
import { useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { useRootData } from '../../lib/root-data';
import { ACTIVITY_TEXT } from '../../lib/ui-text/activity';
import { useApi } from '../../lib/use-api';
import styles from './activity.module.css';
import { JoinCard } from './JoinCard';

const text = ACTIVITY_TEXT.newYear;

/** The activity's tasks; a logged-in user commits one of their contents to each, once. */
export function HackingTasks({ code, seed }: { code: string; seed: { list: HackingTask[] } | null }) {
  const viewer = useRootData()?.viewer ?? null;
  // The loader's seed wins over the cache: after a commit the list is the reloaded one.
  const [seeded, setSeeded] = useState(true);
  const [tasks, reload] = useEntry('activity.hackingTaskList', { code }, seeded ? seed : null);
  const committed = () => {
    setSeeded(false);
    reload();
  };
  return (
    <section className={styles.card} data-testid="hacking-tasks">
      <h2 className={styles.sectionTitle}>{text.tasksTitle}</h2>
      {tasks.status === 'ready' ? (
        <ul className={styles.tasks}>
          {tasks.data.list.map((task) => (
            <TaskRow key={task.taskId} task={task} userId={viewer?.userId ?? null} onCommitted={committed} />
          ))}
        </ul>
      ) : (
        <div className={styles.skeleton} />
      )}
      {viewer ? null : <JoinCard />}
    </section>
  );
}

function TaskRow({
  task,
  userId,
  onCommitted,
}: {
  task: HackingTask;
  userId: number | null;
  onCommitted: () => void;
}) {
  return (
    <li className={styles.task} data-testid="hacking-task" data-task-id={task.taskId}>
      <span className={styles.taskTitle}>{task.title}</span>
      {task.commit ? (
        <span className={styles.done} data-testid="hacking-task-done">
          {text.committedAt}
        </span>
      ) : userId ? (
        <CommitForm taskId={task.taskId} userId={userId} onCommitted={onCommitted} />
      ) : null}
    </li>
  );
}

function CommitForm({
  taskId,
  userId,
  onCommitted,
}: {
  taskId: number;
  userId: number;
  onCommitted: () => void;
}) {
  const api = useApi();
  const [contents] = useEntry('community.uhomepageContents', { userId, limit: 20 }, null);
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (contents.status !== 'ready') return null;
  const list = contents.data.list;
  if (list.length === 0) return <span className={styles.note}>{text.noContents}</span>;
  const contentId = picked ?? (list[0]?.contentId as number);
  const commit = async () => {
    setBusy(true);
    setError(null);
    try {
      await api('activity.hackingTaskCommit', { taskId, contentId }, { errorToast: false });
      onCommitted();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.commit}>
      <select
        className={styles.select}
        aria-label={text.pick}
        value={contentId}
        onChange={(event) => setPicked(Number(event.currentTarget.value))}
        data-testid="hacking-task-content"
      >
        {list.map((card) => (
          <option key={card.contentId} value={card.contentId}>
            {card.title}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={styles.small}
        disabled={busy}
        onClick={() => void commit()}
        data-testid="hacking-task-commit"
      >
        {busy ? text.committing : text.commit}
      </button>
      {error ? (
        <p className={styles.error} role="alert" data-testid="hacking-task-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
