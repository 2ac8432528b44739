import type { ActivityGuide } from '@h5/contract';
import { ACTIVITY_GUIDE_NOT_FOUND } from '@h5/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities, activityGuideSteps, activityGuides } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { TASK_MESSAGES } from './task-messages';

/**
 * activity-guide: the guide of the activity `activityId` (its code) with its steps in order, as
 * the rows of `activity_guides` and `activity_guide_steps` hold them. An unknown activity, or one
 * without a guide: 4920.
 */
export async function activityGuide(db: Db, activityId: string): Promise<ActivityGuide> {
  const [[guide], steps] = await Promise.all([
    db
      .select({ guide: activityGuides, activity: activities })
      .from(activityGuides)
      .innerJoin(activities, eq(activities.code, activityGuides.activityCode))
      .where(eq(activityGuides.activityCode, activityId)),
    db
      .select()
      .from(activityGuideSteps)
      .where(eq(activityGuideSteps.activityCode, activityId))
      .orderBy(asc(activityGuideSteps.stepNo)),
  ]);
  if (!guide) throw new AppError(ACTIVITY_GUIDE_NOT_FOUND, TASK_MESSAGES.guideNotFound(activityId));
  return {
    activityId: guide.activity.code,
    activityTitle: guide.activity.title,
    title: guide.guide.title,
    intro: guide.guide.intro,
    startsAt: guide.activity.startsAt.toISOString(),
    endsAt: guide.activity.endsAt.toISOString(),
    steps: steps.map((s) => ({
      stepNo: s.stepNo,
      title: s.title,
      text: s.text,
      image:
        s.imageUrl !== null && s.imageWidth !== null && s.imageHeight !== null
          ? { url: s.imageUrl, width: s.imageWidth, height: s.imageHeight }
          : null,
    })),
    updatedAt: guide.guide.updatedAt.toISOString(),
  };
}
