import type { AwardReceipt, Page, PageQuery } from '@h5/contract';
import { CREATOR_AWARD_ALREADY_RECEIVED, CREATOR_AWARD_EXPIRED, CREATOR_AWARD_NOT_EARNED } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { upgradeAwardReceipts, upgradeAwards, upgradeSeasons } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import { MESSAGE_TEXTS } from '../message/messages';
import { notify } from '../message/notify';
import { CREATOR_MESSAGES, chinaTime } from './upgrade-messages';
import { seasonFigures } from './upgrade-queries';
import { levelOf, UPGRADE_LEVELS } from './upgrade-rules';

const receiptOrder = timeKeyset(upgradeAwardReceipts.createdAt, upgradeAwardReceipts.id);

/** award-record: the caller's receipts, newest first. */
export async function awardRecord(db: Db, userId: number, query: PageQuery): Promise<Page<AwardReceipt>> {
  const rows = await db
    .select({
      receiptId: upgradeAwardReceipts.id,
      awardId: upgradeAwardReceipts.awardId,
      title: upgradeAwards.title,
      amountCents: upgradeAwardReceipts.amountCents,
      createdAt: upgradeAwardReceipts.createdAt,
    })
    .from(upgradeAwardReceipts)
    .innerJoin(upgradeAwards, eq(upgradeAwards.id, upgradeAwardReceipts.awardId))
    .where(and(eq(upgradeAwardReceipts.userId, userId), receiptOrder.after(query.lastId)))
    .orderBy(...receiptOrder.orderBy)
    .limit(rowsToRead(query));
  const page = pageFrom(rows, query.limit, (r) => receiptOrder.cursor(r.createdAt, r.receiptId));
  return {
    ...page,
    list: page.list.map(({ createdAt, ...r }) => ({ ...r, receivedAt: createdAt.toISOString() })),
  };
}

/**
 * award/receive. Refusals in the order a user needs them: already received, expired, not earned.
 * The receipt is `INSERT … ON CONFLICT DO NOTHING` on the unique (award, user) pair inside one
 * transaction with the checks, so 20 concurrent receives (two tabs, a double tap) make one
 * receipt: the others find the row and are refused as already received. The receipt's notice
 * (a system message) is written in that transaction.
 */
export async function receiveAward(db: Db, userId: number, awardId: number): Promise<AwardReceipt> {
  const [award] = await db
    .select({ award: upgradeAwards, season: upgradeSeasons })
    .from(upgradeAwards)
    .innerJoin(upgradeSeasons, eq(upgradeSeasons.id, upgradeAwards.seasonId))
    .where(eq(upgradeAwards.id, awardId));
  if (!award) throw notFound(CREATOR_MESSAGES.awardNotFound);
  const alreadyReceived = () =>
    new AppError(CREATOR_AWARD_ALREADY_RECEIVED, CREATOR_MESSAGES.awardAlreadyReceived);
  const receipt = await db.transaction(async (tx) => {
    const [earlier] = await tx
      .select({ id: upgradeAwardReceipts.id })
      .from(upgradeAwardReceipts)
      .where(and(eq(upgradeAwardReceipts.awardId, awardId), eq(upgradeAwardReceipts.userId, userId)));
    if (earlier) throw alreadyReceived();
    if (award.award.expiresAt.getTime() <= Date.now())
      throw new AppError(
        CREATOR_AWARD_EXPIRED,
        CREATOR_MESSAGES.awardExpired(chinaTime(award.award.expiresAt)),
      );
    const level = levelOf(await seasonFigures(tx as unknown as Db, userId, award.season));
    if (level.level < award.award.level) {
      const needed = UPGRADE_LEVELS.find((l) => l.level === award.award.level);
      throw new AppError(
        CREATOR_AWARD_NOT_EARNED,
        CREATOR_MESSAGES.awardNotEarned(needed?.title ?? `Lv${award.award.level}`),
      );
    }
    const [row] = await tx
      .insert(upgradeAwardReceipts)
      .values({ awardId, userId, amountCents: award.award.amountCents })
      .onConflictDoNothing({ target: [upgradeAwardReceipts.awardId, upgradeAwardReceipts.userId] })
      .returning();
    if (!row) throw alreadyReceived();
    await notify(tx, {
      kind: 'system',
      recipientId: userId,
      source: 'award',
      sourceId: row.id,
      noticeKey: 'upgrade.award_received',
      text: MESSAGE_TEXTS.awardReceived(award.award.title, (row.amountCents / 100).toFixed(2)),
      link: '/creator/upgrade',
    });
    return row;
  });
  return {
    receiptId: receipt.id,
    awardId,
    title: award.award.title,
    amountCents: receipt.amountCents,
    receivedAt: receipt.createdAt.toISOString(),
  };
}
