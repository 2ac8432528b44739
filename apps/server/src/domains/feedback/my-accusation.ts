import type { Accusation } from '@h5/contract';
import { NOT_FOUND } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { accusations } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { objectUrls, type UploadDeps } from '../upload/external-objects';
import { FEEDBACK_MESSAGES } from './messages';

/** The caller's own report; another user's (or none) answers the not-found refusal. */
export async function myAccusation(deps: UploadDeps, userId: number, accuseId: number): Promise<Accusation> {
  const [row] = await deps.db
    .select()
    .from(accusations)
    .where(and(eq(accusations.id, accuseId), eq(accusations.userId, userId)));
  if (!row) throw new AppError(NOT_FOUND, FEEDBACK_MESSAGES.accusationNotFound);
  const keys = row.images as string[];
  const urlOf = await objectUrls(deps, keys);
  return {
    accuseId: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reasonId: row.reasonId,
    description: row.description,
    images: keys.map((key) => ({ key, url: urlOf(key) })),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
