import type { LiveContext } from '@h5/contract';
import { useEntry } from '../../lib/data-layer/use-entry';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { useAction } from '../../lib/use-action';
import { ActionRow, ProgressBar } from '../../shell/ActionRow';
import { EntryView } from '../../shell/EntryView';
import { SectionCard } from '../../shell/SectionCard';
import styles from '../../shell/screen.module.css';
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
    <SectionCard title={text.weekTitle} note={text.weekNote} testId="week-tasks">
      <EntryView state={state} onRetry={reload}>
        {(week) => (
          <ul className={styles.rows}>
            {week.tasks.map((task) => (
              <ActionRow
                key={task.key}
                testId={`week-task-${task.key}`}
                state={task.state}
                title={task.title}
                label={
                  claim.busyKey === task.key
                    ? text.claiming
                    : task.state === 'claimed'
                      ? text.claimed
                      : task.state === 'claimable'
                        ? text.claim
                        : text.doing
                }
                disabled={task.state !== 'claimable' || claim.busyKey === task.key}
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
      </EntryView>
    </SectionCard>
  );
}
