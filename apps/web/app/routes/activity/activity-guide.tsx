import { type ActivityGuide, activityIdSchema } from '@h5/contract';
import { ACTIVITY_GUIDE_NOT_FOUND, optimiseImageUrl } from '@h5/core';
import { isApiError } from '@h5/request/api-error-brand';
import type { ReactNode } from 'react';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { formatTime } from '../../lib/format-time';
import { prefetch } from '../../lib/prefetch.server';
import { GUIDE_TEXT as text } from '../../lib/ui-text/invite-tasks';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useLowDeviceAtMount } from '../../lib/use-low-device';
import { useNow } from '../../lib/use-now';
import { EntryView, Skeleton } from '../../shell/EntryView';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import screen from '../../shell/screen.module.css';
import { TimeText } from '../../shell/TimeText';
import type { Route } from './+types/activity-guide';
import styles from './guide.module.css';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.guide?.title ?? text.title} · ${SHELL_TEXT.siteTitle}` },
];

/** The message of a guide refusal (4920), null for other failures (the browser loads it again). */
const missingOf = (error: unknown): string | null =>
  isApiError(error) && error.code === ACTIVITY_GUIDE_NOT_FOUND ? error.message : null;

/** `?activityId=` (an activity's code); no or a malformed id: the empty page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = activityIdSchema.safeParse(new URL(request.url).searchParams.get('activityId') ?? '');
  if (!parsed.success) return { activityId: null, guide: null, missing: text.missingId };
  const result = await prefetch(context, 'invite.activityGuide', { activityId: parsed.data });
  if (result.ok) return { activityId: parsed.data, guide: result.data, missing: null };
  return {
    activityId: parsed.data,
    guide: null,
    missing: result.reason === 'error' ? missingOf(result.error) : null,
  };
}

/** An activity's guide (issue 18 point 3): its steps with text and pictures, as operations wrote them. */
export default function ActivityGuideScreen({ loaderData }: Route.ComponentProps) {
  const { activityId, guide, missing } = loaderData;
  if (activityId === null || missing !== null)
    return (
      <GuideScreen>
        <Placeholder type="empty" text={missing ?? text.missingId} home />
      </GuideScreen>
    );
  return <Guide activityId={activityId} seed={guide} />;
}

/** The guide's scaffold; a guide on screen refreshes on a pull. */
function GuideScreen({ onRefresh, children }: { onRefresh?: () => void; children: ReactNode }) {
  return (
    <Screen title={text.title} backTestId="guide-back" testId="activity-guide" onRefresh={onRefresh}>
      {children}
    </Screen>
  );
}

const refresh = () => invalidate('invite.activityGuide');

function Guide({ activityId, seed }: { activityId: string; seed: ActivityGuide | null }) {
  const [state, reload] = useEntry('invite.activityGuide', { activityId }, seed);
  return (
    <GuideScreen onRefresh={refresh}>
      <EntryView
        state={state}
        onRetry={reload}
        refusal={missingOf}
        skeleton={
          <>
            <Skeleton height={148} testId="guide-skeleton" />
            <Skeleton height={260} />
          </>
        }
      >
        {(data) => <GuideBody guide={data} />}
      </EntryView>
    </GuideScreen>
  );
}

/** The widest a step picture is drawn (CSS px, 2x for sharp screens). */
const IMAGE_WIDTH = 750;

function GuideBody({ guide }: { guide: ActivityGuide }) {
  const lowDevice = useLowDeviceAtMount();
  const now = useNow();
  return (
    <>
      <section className={styles.hero} aria-labelledby="guide-title">
        <p className={styles.kicker}>{guide.activityTitle}</p>
        <h2 className={styles.heroTitle} id="guide-title" data-testid="guide-title">
          {guide.title}
        </h2>
        <p className={styles.intro}>{guide.intro}</p>
        <p className={styles.window}>
          {text.window(formatTime(guide.startsAt, now, 'day'), formatTime(guide.endsAt, now, 'day'))}
        </p>
      </section>
      <ol className={screen.stack} data-testid="guide-steps">
        {guide.steps.map((step, i) => (
          <li key={step.stepNo} className={styles.step} data-testid="guide-step">
            <div className={styles.stepHead}>
              <span className={styles.stepNo} aria-hidden="true">
                {step.stepNo}
              </span>
              <div className={styles.stepText}>
                <span className="visually-hidden">{text.step(step.stepNo)}</span>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p className={styles.stepBody}>{step.text}</p>
              </div>
            </div>
            {step.image ? (
              <img
                className={styles.stepImage}
                src={optimiseImageUrl(step.image.url, { width: IMAGE_WIDTH, lowDevice })}
                width={step.image.width}
                height={step.image.height}
                alt={step.title}
                loading={i === 0 ? 'eager' : 'lazy'}
                data-testid="guide-step-image"
              />
            ) : null}
          </li>
        ))}
      </ol>
      <p className={styles.updated}>
        <TimeText at={guide.updatedAt} format={text.updatedAt} />
      </p>
    </>
  );
}
