import type { LiveContext } from '@h5/contract';
import { useEntry } from '../../lib/data-layer/use-entry';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { useAction } from '../../lib/use-action';
import { ActionRow, ProgressBar } from '../../shell/ActionRow';
import { EntryCard } from '../../shell/SectionCard';
import styles from '../../shell/screen.module.css';
import { claimButton } from './claim-button';
import { trackLiveAction } from './track-live';

/** This week's member tasks with their progress and a claim button each (exactly once on the server). */
export function WeekTasks({
  context,
  toast,
}: {
  context: LiveContext & { streamId: number };
  toast: (message: string) => void;
}) {
  const [state, reload] = useEntry('live.weekTaskInfo', context, null);
  const claim = useAction('live.weekTaskAward', {
    invalidates: ['live'],
    onDone: (award) => {
      trackLiveAction('weekTaskAward', context);
      toast(text.claimedToast(award.intimacy));
    },
    onError: toast,
  });
  return (
    <EntryCard title={text.weekTitle} note={text.weekNote} testId="week-tasks" entry={[state, reload]}>
      {(week) => (
        <ul className={styles.rows}>
          {week.tasks.map((task) => (
            <ActionRow
              key={task.key}
              testId={`week-task-${task.key}`}
              state={task.state}
              title={task.title}
              {...claimButton(task.state, claim.busyKey === task.key, text.doing)}
              onClick={() => void claim.run({ ...context, taskKey: task.key }, task.key)}
              buttonTestId={`claim-${task.key}`}
            >
              <span className={styles.note}>
                {task.progress} / {task.target} · {text.taskAward(task.intimacy)}
              </span>
              <ProgressBar value={task.progress} target={task.target} />
            </ActionRow>
          ))}
        </ul>
      )}
    </EntryCard>
  );
}
