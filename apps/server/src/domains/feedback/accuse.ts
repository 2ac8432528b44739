import {
  type AccuseInfo,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_MAX_TEXT,
  type feedback,
  type InputOf,
  type RequestOf,
  type ResponseOf,
} from '@h5/contract';
import {
  FEEDBACK_ALREADY_REPORTED,
  FEEDBACK_DETAIL_REQUIRED,
  FEEDBACK_REASON_INVALID,
  FEEDBACK_REQUEST_ID_REUSED,
  FEEDBACK_TARGET_NOT_FOUND,
} from '@h5/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accusations, accuseReasons } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import type { UploadDeps } from '../upload/external-objects';
import { checkEvidence } from './evidence';
import { FEEDBACK_MESSAGES } from './messages';
import { type AccuseTarget, findAccuseTarget } from './targets';

type AccuseInfoInput = RequestOf<typeof feedback.accuseInfo>;
type SubmitAccuseInput = InputOf<typeof feedback.submitAccuse>;
type SubmitAccuseResult = ResponseOf<typeof feedback.submitAccuse>;

async function requireTarget(db: Db, input: AccuseInfoInput): Promise<AccuseTarget> {
  const target = await findAccuseTarget(db, input.targetType, input.targetId);
  if (!target) throw new AppError(FEEDBACK_TARGET_NOT_FOUND, FEEDBACK_MESSAGES.targetNotFound);
  return target;
}

const toResult = (row: { id: number; createdAt: Date }): SubmitAccuseResult => ({
  accuseId: row.id,
  createdAt: row.createdAt.toISOString(),
});

/** The report form: the target's summary, its type's reasons by sort, the limits, the caller's earlier report. */
export async function accuseInfo(db: Db, userId: number, input: AccuseInfoInput): Promise<AccuseInfo> {
  const target = await requireTarget(db, input);
  const [reasons, earlier] = await Promise.all([
    db
      .select({ id: accuseReasons.id, title: accuseReasons.title, needDetail: accuseReasons.needDetail })
      .from(accuseReasons)
      .where(eq(accuseReasons.targetType, target.type))
      .orderBy(asc(accuseReasons.sort), asc(accuseReasons.id)),
    db
      .select({ id: accusations.id, createdAt: accusations.createdAt })
      .from(accusations)
      .where(
        and(
          eq(accusations.userId, userId),
          eq(accusations.targetType, target.type),
          eq(accusations.targetId, target.id),
        ),
      ),
  ]);
  const [submitted] = earlier;
  return {
    target,
    reasons,
    maxImages: FEEDBACK_MAX_IMAGES,
    maxText: FEEDBACK_MAX_TEXT,
    submitted: submitted ? toResult(submitted) : null,
  };
}

/**
 * Stores one report. The insert relies on the table's two unique constraints (user + target,
 * user + requestId) with ON CONFLICT DO NOTHING, so concurrent or repeated submits race in the
 * database, not in a read-then-write here: a retry of the same requestId answers the stored
 * report, a new report of a target already reported is refused.
 */
export async function submitAccuse(
  deps: UploadDeps,
  userId: number,
  input: SubmitAccuseInput,
): Promise<SubmitAccuseResult> {
  const { db } = deps;
  const target = await requireTarget(db, input);
  const [reason] = await db
    .select({ title: accuseReasons.title, needDetail: accuseReasons.needDetail })
    .from(accuseReasons)
    .where(and(eq(accuseReasons.id, input.reasonId), eq(accuseReasons.targetType, target.type)));
  if (!reason) throw new AppError(FEEDBACK_REASON_INVALID, FEEDBACK_MESSAGES.reasonInvalid);
  const description = input.description.trim();
  if (reason.needDetail && !description) {
    throw new AppError(FEEDBACK_DETAIL_REQUIRED, FEEDBACK_MESSAGES.detailRequired(reason.title));
  }
  const keys = await checkEvidence(deps, userId, input.images);

  const [inserted] = await db
    .insert(accusations)
    .values({
      userId,
      targetType: target.type,
      targetId: target.id,
      reasonId: input.reasonId,
      description,
      images: keys,
      requestId: input.requestId,
    })
    .onConflictDoNothing()
    .returning({ id: accusations.id, createdAt: accusations.createdAt });
  if (inserted) return toResult(inserted);

  const [same] = await db
    .select({
      id: accusations.id,
      createdAt: accusations.createdAt,
      targetType: accusations.targetType,
      targetId: accusations.targetId,
    })
    .from(accusations)
    .where(and(eq(accusations.userId, userId), eq(accusations.requestId, input.requestId)));
  if (same) {
    if (same.targetType === target.type && same.targetId === target.id) return toResult(same);
    throw new AppError(FEEDBACK_REQUEST_ID_REUSED, FEEDBACK_MESSAGES.requestIdReused);
  }
  throw new AppError(FEEDBACK_ALREADY_REPORTED, FEEDBACK_MESSAGES.alreadyReported);
}
