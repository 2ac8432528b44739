import type { HackingTask } from '@h5/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { useRootData } from '../../lib/root-data';
import { ACTIVITY_TEXT } from '../../lib/ui-text/activity';
import { useAction } from '../../lib/use-action';
import { ActionButton } from '../../shell/ActionButton';
import { PUBLISH_PATH } from '../../shell/community/use-publish';
import { EntryView } from '../../shell/EntryView';
import { SectionCard } from '../../shell/SectionCard';
import screen from '../../shell/screen.module.css';
import styles from './activity.module.css';
import { JoinCard } from './JoinCard';

const text = ACTIVITY_TEXT.newYear;

/** The activity's tasks; a logged-in user commits one of their contents to each, once. */
export function HackingTasks({ code, seed }: { code: string; seed: { list: HackingTask[] } | null }) {
  const viewer = useRootData()?.viewer ?? null;
  const [tasks, reload] = useEntry('activity.hackingTaskList', { code }, seed);
  return (
    <SectionCard title={text.tasksTitle} testId="hacking-tasks">
      <EntryView state={tasks} onRetry={reload}>
        {(data) => (
          <ul className={screen.rows}>
            {data.list.map((task) => (
              <TaskRow key={task.taskId} task={task} userId={viewer?.userId ?? null} />
            ))}
          </ul>
        )}
      </EntryView>
      {viewer ? null : <JoinCard />}
    </SectionCard>
  );
}

function TaskRow({ task, userId }: { task: HackingTask; userId: number | null }) {
  return (
    <li className={styles.task} data-testid="hacking-task" data-task-id={task.taskId}>
      <span className={screen.rowName}>{task.title}</span>
      {task.commit ? (
        <span className={styles.done} data-testid="hacking-task-done">
          {text.committedAt}
        </span>
      ) : userId ? (
        <CommitForm taskId={task.taskId} userId={userId} />
      ) : null}
    </li>
  );
}

/** One of the user's contents for the task; once committed, the reloaded list shows it done. */
function CommitForm({ taskId, userId }: { taskId: number; userId: number }) {
  const [contents, reload] = useEntry('community.uhomepageContents', { userId, limit: 20 }, null);
  const [picked, setPicked] = useState<number | null>(null);
  const commit = useAction('activity.hackingTaskCommit', { invalidates: ['activity.hackingTaskList'] });
  return (
    <EntryView state={contents} onRetry={reload} skeleton={NOTHING}>
      {({ list }) => {
        if (list.length === 0)
          return (
            <span className={screen.note}>
              {text.noContents}{' '}
              <Link to={PUBLISH_PATH} className={styles.publishLink} data-testid="hacking-task-publish">
                {text.goPublish}
              </Link>
            </span>
          );
        const contentId = picked ?? (list[0]?.contentId as number);
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
            <ActionButton
              action={commit}
              onClick={() => void commit.run({ taskId, contentId })}
              label={text.commit}
              busyLabel={text.committing}
              className={styles.small}
              testId="hacking-task-commit"
              errorTestId="hacking-task-error"
            />
          </div>
        );
      }}
    </EntryView>
  );
}

/** The row's picker shows once the contents are in: nothing before. */
const NOTHING = <></>;
