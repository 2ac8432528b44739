import type { TaskPage } from '@h5/contract';
import { useCallback, useMemo, useState } from 'react';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { TASKS_TEXT as text } from '../../lib/ui-text/invite-tasks';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { usePublish } from '../../shell/community/use-publish';
import { EntryView, Skeleton } from '../../shell/EntryView';
import { Screen } from '../../shell/Screen';
import screen from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/tasks';
import { MotivationBanner } from './MotivationBanner';
import { StarterTaskList } from './StarterTaskList';
import { SuggestedCreators } from './SuggestedCreators';
import styles from './tasks.module.css';

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/** Login only: a visitor goes to the login and comes back; the tasks and the streak are prefetched. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const tasks = await gatedPrefetch(request, context, 'invite.taskPage', {});
  const motivation = dataOf(await prefetch(context, 'invite.userMotivation', {}));
  return { tasks: tasks.data, motivation };
}

const FOLLOW_TARGET_KEY = 'follow';

/** The starter tasks (issue 18 point 3): the streak banner, the tasks with their progress, creators to follow. */
export default function Tasks({ loaderData }: Route.ComponentProps) {
  const [state, reloadTasks] = useEntry('invite.taskPage', {}, loaderData.tasks);
  const [motivation, reloadMotivation] = useEntry('invite.userMotivation', {}, loaderData.motivation);
  const [toast, showToast] = useToast();
  const publish = usePublish(refreshTasks, showToast);
  return (
    <Screen
      title={text.title}
      backTestId="tasks-back"
      testId="invite-tasks"
      onRefresh={refreshTasks}
      refreshing={state.status === 'loading'}
      after={<Toast message={toast} testId="tasks-toast" />}
    >
      <EntryView
        state={motivation}
        onRetry={reloadMotivation}
        skeleton={<Skeleton height={176} testId="motivation-skeleton" />}
      >
        {(m) => <MotivationBanner motivation={m} />}
      </EntryView>
      <EntryView
        state={state}
        onRetry={reloadTasks}
        skeleton={
          <>
            <Skeleton height={72} testId="tasks-skeleton" />
            <Skeleton height={320} />
          </>
        }
      >
        {(page) => <TasksBody page={page} onPublish={() => void publish()} />}
      </EntryView>
    </Screen>
  );
}

/** The tasks and the streak both move with what the user did elsewhere: read again together. */
const refreshTasks = () => invalidate('invite');

function TasksBody({ page, onPublish }: { page: TaskPage; onPublish: () => void }) {
  // Follows made here count at once (the one toggle queue shows them); the server confirms on the next read.
  const [followedHere, setFollowedHere] = useState<ReadonlySet<number>>(new Set());
  const onFollowChange = useCallback((userId: number, following: boolean) => {
    setFollowedHere((now) => {
      if (now.has(userId) === following) return now;
      const next = new Set(now);
      if (following) next.add(userId);
      else next.delete(userId);
      return next;
    });
  }, []);
  const tasks = useMemo(
    () =>
      page.tasks.map((task) => {
        if (task.key !== FOLLOW_TARGET_KEY || followedHere.size === 0) return task;
        const progress = Math.min(task.target, task.progress + followedHere.size);
        return { ...task, progress, done: progress >= task.target };
      }),
    [page.tasks, followedHere],
  );
  const doneCount = tasks.filter((t) => t.done).length;
  const earned = doneCount === tasks.length;
  const toCreators = () =>
    document.getElementById('creators')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <>
      <section className={styles.summary} data-testid="tasks-summary">
        <div>
          <p className={styles.summaryTitle}>{text.summary(doneCount, tasks.length)}</p>
          <p className={screen.note}>{text.summaryNote}</p>
        </div>
        <p className={styles.medal} data-earned={earned} data-testid="tasks-badge">
          <span className={styles.medalName}>{page.reward.title}</span>
          <span>{earned ? text.earned : text.notEarned}</span>
        </p>
      </section>
      <StarterTaskList tasks={tasks} onPublish={onPublish} onFollow={toCreators} />
      <SuggestedCreators creators={page.suggestedCreators} onFollowChange={onFollowChange} />
    </>
  );
}
