import type {
  AccusationStatus,
  feedback,
  InputOf,
  ModeratedComment,
  Page,
  ReportRow,
  SearchIdeaRow,
  UserBan,
} from '@h5/contract';
import { BAN_UNTIL_PAST, NOT_FOUND, REPORT_ALREADY_DECIDED } from '@h5/core';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import {
  accusations,
  accuseReasons,
  configEntries,
  contents,
  hostCreditRecords,
  liveHosts,
  replies,
  searchIdeas,
  userBans,
  users,
} from '../../db/schema';
import { SEARCH_IDEA_CONFIG_KEY } from '../../db/seed/feedback-seed';
import { AppError } from '../../plugins/errors';
import type { OperatorSession } from '../../plugins/operator-session';
import { recordAudit } from '../backstage/audit';
import { MESSAGE_TEXTS } from '../message/messages';
import { notify } from '../message/notify';
import { objectUrls, type UploadDeps } from '../upload/external-objects';
import { MODERATION_MESSAGES } from './messages';

/** What an upheld report on a content costs its author's live-host credit score (host_credit_records). */
export const TAKE_DOWN_CREDIT_DELTA = -10;
/** host_credit_records.reason holds 60 characters. */
const CREDIT_REASON_CHARS = 60;

type ReportsInput = InputOf<typeof feedback.moderationReports>;
type DecideInput = InputOf<typeof feedback.moderationDecide>;

const queueOrder = timeKeyset(accusations.createdAt, accusations.id, 'asc');

type AccusationRow = typeof accusations.$inferSelect;

/** The queue rows of `rows`: reporter, target summary (taken down or hidden ones too), reason, evidence URLs. */
async function toReportRows(deps: UploadDeps, rows: AccusationRow[]): Promise<ReportRow[]> {
  if (rows.length === 0) return [];
  const { db } = deps;
  const idsOf = (type: string) =>
    rows.filter((row) => row.targetType === type).map((row) => Number(row.targetId));
  const contentIds = idsOf('content');
  const commentIds = idsOf('comment');
  const userIds = [...new Set([...idsOf('user'), ...rows.map((row) => row.userId)])];
  const [contentRows, commentRows, userRows, reasonRows] = await Promise.all([
    contentIds.length
      ? db
          .select({ id: contents.id, title: contents.title })
          .from(contents)
          .where(inArray(contents.id, contentIds))
      : [],
    commentIds.length
      ? db
          .select({ id: replies.id, title: replies.content })
          .from(replies)
          .where(inArray(replies.id, commentIds))
      : [],
    db.select({ id: users.id, title: users.userName }).from(users).where(inArray(users.id, userIds)),
    db
      .select({ id: accuseReasons.id, title: accuseReasons.title })
      .from(accuseReasons)
      .where(inArray(accuseReasons.id, [...new Set(rows.map((row) => row.reasonId))])),
  ]);
  const titles = (list: { id: number; title: string }[]) => new Map(list.map((r) => [r.id, r.title]));
  const byType = { content: titles(contentRows), comment: titles(commentRows), user: titles(userRows) };
  const reasons = titles(reasonRows);
  const urlOf = await objectUrls(
    deps,
    rows.flatMap((row) => row.images as string[]),
  );
  return rows.map((row) => ({
    accuseId: row.id,
    reporter: { userId: row.userId, userName: byType.user.get(row.userId) ?? '' },
    target: {
      type: row.targetType,
      id: row.targetId,
      title: byType[row.targetType].get(Number(row.targetId)) ?? '',
    },
    reasonId: row.reasonId,
    reason: reasons.get(row.reasonId) ?? '',
    description: row.description,
    images: (row.images as string[]).map(urlOf),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    decisionReason: row.decisionReason,
    decidedBy: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
}

/** The report queue: one status, oldest first, optionally one target type (the queue index serves it). */
export async function listReports(deps: UploadDeps, input: ReportsInput): Promise<Page<ReportRow>> {
  const conditions: (SQL | undefined)[] = [
    eq(accusations.status, input.status),
    input.targetType ? eq(accusations.targetType, input.targetType) : undefined,
    queueOrder.after(input.lastId),
  ];
  const rows = await deps.db
    .select()
    .from(accusations)
    .where(and(...conditions))
    .orderBy(...queueOrder.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => queueOrder.cursor(row.createdAt, row.id));
  return { ...page, list: await toReportRows(deps, page.list) };
}

/** A comment's moderation view. */
const toComment = (row: typeof replies.$inferSelect): ModeratedComment => ({
  replyId: row.id,
  contentId: row.contentId,
  userId: row.userId,
  text: row.content,
  hidden: row.hiddenAt !== null,
  hiddenReason: row.hiddenReason ?? '',
});

/** One comment, hidden or not. */
export async function moderatedComment(db: Db, replyId: number): Promise<ModeratedComment> {
  const [row] = await db.select().from(replies).where(eq(replies.id, replyId));
  if (!row) throw new AppError(NOT_FOUND, MODERATION_MESSAGES.commentNotFound);
  return toComment(row);
}

/**
 * Hides (or shows again) a comment inside `tx`, moving the content's reply count by the comment
 * and, for a top-level one, its visible answers (which leave the lists with it). Audited.
 */
async function setCommentHidden(
  tx: Db,
  operator: OperatorSession,
  replyId: number,
  hidden: boolean,
  reason: string,
): Promise<ModeratedComment> {
  const [row] = await tx.select().from(replies).where(eq(replies.id, replyId)).for('update');
  if (!row) throw new AppError(NOT_FOUND, MODERATION_MESSAGES.commentNotFound);
  const before = toComment(row);
  if (before.hidden === hidden) return before;
  const [children] =
    row.parentId === null
      ? await tx
          .select({ n: count() })
          .from(replies)
          .where(and(eq(replies.parentId, row.id), isNull(replies.hiddenAt)))
      : [{ n: 0 }];
  const moved = 1 + (children?.n ?? 0);
  const [updated] = await tx
    .update(replies)
    .set(hidden ? { hiddenAt: new Date(), hiddenReason: reason } : { hiddenAt: null, hiddenReason: null })
    .where(eq(replies.id, replyId))
    .returning();
  await tx
    .update(contents)
    .set({ replyCount: sql`greatest(${contents.replyCount} + ${hidden ? -moved : moved}, 0)` })
    .where(eq(contents.id, row.contentId));
  const after = toComment(updated as typeof replies.$inferSelect);
  await recordAudit(tx, operator, {
    action: hidden ? 'comment.hide' : 'comment.unhide',
    objectType: 'comment',
    objectId: replyId,
    before,
    after,
    reason,
  });
  return after;
}

/** moderation/comment/hide: hides or shows a comment, with the reason. */
export const hideComment = (
  db: Db,
  operator: OperatorSession,
  input: InputOf<typeof feedback.moderationHideComment>,
) => db.transaction((tx) => setCommentHidden(tx, operator, input.replyId, input.hidden, input.reason));

/**
 * Takes a content down inside `tx` (issue 30 point 3): hidden from every feed and answering
 * 内容不存在或已被删除, the reason kept for its author's home, and, where the author is a live
 * host, a {@link TAKE_DOWN_CREDIT_DELTA} record of the credit score. A content taken down
 * already stays as it is (one penalty per content).
 */
async function takeDown(tx: Db, operator: OperatorSession, contentId: number, reason: string) {
  const [row] = await tx
    .select({
      id: contents.id,
      authorId: contents.authorId,
      title: contents.title,
      takenDownAt: contents.takenDownAt,
      takenDownReason: contents.takenDownReason,
    })
    .from(contents)
    .where(eq(contents.id, contentId))
    .for('update');
  if (!row || row.takenDownAt !== null) return;
  const takenDownAt = new Date();
  await tx.update(contents).set({ takenDownAt, takenDownReason: reason }).where(eq(contents.id, contentId));
  const [host] = await tx
    .select({ userId: liveHosts.userId })
    .from(liveHosts)
    .where(eq(liveHosts.userId, row.authorId));
  const credit = host
    ? {
        hostId: row.authorId,
        delta: TAKE_DOWN_CREDIT_DELTA,
        reason: MODERATION_MESSAGES.creditReason(row.title).slice(0, CREDIT_REASON_CHARS),
      }
    : null;
  if (credit) await tx.insert(hostCreditRecords).values(credit);
  await notify(tx, {
    kind: 'system',
    recipientId: row.authorId,
    source: 'take-down',
    sourceId: contentId,
    noticeKey: 'report.taken_down',
    text: MESSAGE_TEXTS.contentTakenDown(row.title, reason),
    // The author's home lists why their contents were taken down.
    link: `/community/user?userId=${row.authorId}`,
  });
  await recordAudit(tx, operator, {
    action: 'content.take_down',
    objectType: 'content',
    objectId: contentId,
    before: { takenDownAt: null, takenDownReason: null },
    after: { takenDownAt: takenDownAt.toISOString(), takenDownReason: reason, credit },
    reason,
  });
}

/**
 * Decides a pending report (one transaction, the report row locked): 'upheld' writes exactly
 * accusations.status = 'upheld' (the commission rule's clean-record check reads it) and acts on
 * the target: a content is taken down, a comment hidden; a user is only marked (the commission
 * rule counts it; a ban is the moderator's separate call). A decided report is refused (5102).
 * The reporter is told the decision, and a content's author its take-down, in that transaction.
 */
export async function decideReport(
  deps: UploadDeps,
  operator: OperatorSession,
  input: DecideInput,
): Promise<ReportRow> {
  const decided = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(accusations).where(eq(accusations.id, input.accuseId)).for('update');
    if (!row) throw new AppError(NOT_FOUND, MODERATION_MESSAGES.reportNotFound);
    if (row.status !== 'pending') {
      throw new AppError(REPORT_ALREADY_DECIDED, MODERATION_MESSAGES.alreadyDecided(statusLabel(row.status)));
    }
    const [updated] = await tx
      .update(accusations)
      .set({
        status: input.decision,
        decisionReason: input.reason,
        decidedBy: operator.operator.operatorId,
        decidedByName: operator.operator.name,
        decidedAt: new Date(),
      })
      .where(and(eq(accusations.id, row.id), eq(accusations.status, 'pending')))
      .returning();
    if (!updated) throw new AppError(REPORT_ALREADY_DECIDED, MODERATION_MESSAGES.alreadyDecided('已处理'));
    await recordAudit(tx, operator, {
      action: input.decision === 'upheld' ? 'report.uphold' : 'report.reject',
      objectType: 'report',
      objectId: row.id,
      before: { status: row.status, decisionReason: row.decisionReason },
      after: {
        status: updated.status,
        decisionReason: updated.decisionReason,
        target: `${row.targetType}:${row.targetId}`,
      },
      reason: input.reason,
    });
    const target = MESSAGE_TEXTS.reportTarget[row.targetType];
    await notify(tx, {
      kind: 'system',
      recipientId: row.userId,
      source: 'report',
      sourceId: row.id,
      noticeKey: input.decision === 'upheld' ? 'report.upheld' : 'report.rejected',
      text:
        input.decision === 'upheld'
          ? MESSAGE_TEXTS.reportUpheld(target)
          : MESSAGE_TEXTS.reportRejected(target, input.reason),
      // No page lists one's reports; the notice is the answer.
      link: null,
    });
    if (input.decision === 'upheld') {
      const targetId = Number(row.targetId);
      if (row.targetType === 'content') await takeDown(tx, operator, targetId, input.reason);
      if (row.targetType === 'comment') {
        const [exists] = await tx.select({ id: replies.id }).from(replies).where(eq(replies.id, targetId));
        if (exists) await setCommentHidden(tx, operator, targetId, true, input.reason);
      }
    }
    return updated;
  });
  const [view] = await toReportRows(deps, [decided]);
  return view as ReportRow;
}

const statusLabel = (status: AccusationStatus): string =>
  ({ pending: '待处理', upheld: '举报成立', rejected: '举报驳回' })[status];

const ideaOrder = timeKeyset(searchIdeas.createdAt, searchIdeas.id, 'asc');

/** Search ideas, oldest first, with the option labels of today's config. */
export async function listSearchIdeas(
  deps: UploadDeps,
  input: InputOf<typeof feedback.moderationSearchIdeas>,
): Promise<Page<SearchIdeaRow>> {
  const { db } = deps;
  const [rows, [config]] = await Promise.all([
    db
      .select({ idea: searchIdeas, userName: users.userName })
      .from(searchIdeas)
      .leftJoin(users, eq(users.id, searchIdeas.userId))
      .where(ideaOrder.after(input.lastId))
      .orderBy(...ideaOrder.orderBy)
      .limit(rowsToRead(input)),
    db
      .select({ value: configEntries.value })
      .from(configEntries)
      .where(
        and(
          eq(configEntries.projectName, SEARCH_IDEA_CONFIG_KEY.projectName),
          eq(configEntries.key, SEARCH_IDEA_CONFIG_KEY.key),
          eq(configEntries.type, SEARCH_IDEA_CONFIG_KEY.type),
        ),
      ),
  ]);
  const value = typeof config?.value === 'string' ? JSON.parse(config.value) : config?.value;
  const labels = new Map<number, string>(
    (Array.isArray(value?.options) ? value.options : []).map((o: { id: number; label: string }) => [
      o.id,
      o.label,
    ]),
  );
  const page = pageFrom(rows, input.limit, (row) => ideaOrder.cursor(row.idea.createdAt, row.idea.id));
  const urlOf = await objectUrls(
    deps,
    page.list.flatMap((row) => row.idea.images as string[]),
  );
  return {
    ...page,
    list: page.list.map(({ idea, userName }) => ({
      ideaId: idea.id,
      userId: idea.userId,
      userName: userName ?? '',
      keyword: idea.keyword,
      options: (idea.optionIds as number[]).map((id) => labels.get(id) ?? String(id)),
      content: idea.content,
      images: (idea.images as string[]).map(urlOf),
      createdAt: idea.createdAt.toISOString(),
    })),
  };
}

const banOrder = timeKeyset(userBans.createdAt, userBans.userId);

const toBan = (row: typeof userBans.$inferSelect, userName: string, now: Date): UserBan => ({
  userId: row.userId,
  userName,
  until: row.until.toISOString(),
  reason: row.reason,
  operatorName: row.operatorName,
  createdAt: row.createdAt.toISOString(),
  active: row.until > now,
});

/** Writing bans, latest first. */
export async function listBans(
  db: Db,
  input: InputOf<typeof feedback.moderationBans>,
): Promise<Page<UserBan>> {
  const rows = await db
    .select({ ban: userBans, userName: users.userName })
    .from(userBans)
    .leftJoin(users, eq(users.id, userBans.userId))
    .where(banOrder.after(input.lastId))
    .orderBy(...banOrder.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => banOrder.cursor(row.ban.createdAt, row.ban.userId));
  const now = new Date();
  return { ...page, list: page.list.map((row) => toBan(row.ban, row.userName ?? '', now)) };
}

/** Bans a user from public writes until a future time (a running ban is replaced). Audited. */
export async function banUser(
  db: Db,
  operator: OperatorSession,
  input: InputOf<typeof feedback.moderationBan>,
): Promise<UserBan> {
  const until = new Date(input.until);
  const now = new Date();
  if (until <= now) throw new AppError(BAN_UNTIL_PAST, MODERATION_MESSAGES.banUntilPast);
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ name: users.userName }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new AppError(NOT_FOUND, MODERATION_MESSAGES.userNotFound);
    const [before] = await tx.select().from(userBans).where(eq(userBans.userId, input.userId)).for('update');
    const values = {
      userId: input.userId,
      until,
      reason: input.reason,
      operatorId: operator.operator.operatorId,
      operatorName: operator.operator.name,
      createdAt: now,
    };
    const [row] = await tx
      .insert(userBans)
      .values(values)
      .onConflictDoUpdate({ target: userBans.userId, set: values })
      .returning();
    const ban = toBan(row as typeof userBans.$inferSelect, user.name, now);
    await recordAudit(tx, operator, {
      action: 'user.ban',
      objectType: 'user',
      objectId: input.userId,
      before: before ? toBan(before, user.name, now) : null,
      after: ban,
      reason: input.reason,
    });
    return ban;
  });
}

/** Lifts a user's writing ban (none: `lifted: false`, nothing audited). */
export async function liftBan(
  db: Db,
  operator: OperatorSession,
  input: InputOf<typeof feedback.moderationLiftBan>,
) {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(userBans).where(eq(userBans.userId, input.userId)).returning();
    if (gone) {
      await recordAudit(tx, operator, {
        action: 'user.unban',
        objectType: 'user',
        objectId: input.userId,
        before: { until: gone.until.toISOString(), reason: gone.reason },
        after: null,
        reason: input.reason,
      });
    }
    return { userId: input.userId, lifted: gone !== undefined };
  });
}
