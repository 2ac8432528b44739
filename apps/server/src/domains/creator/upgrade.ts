import type { PageQuery, PublishRecord, QualityCase, UpgradeAward, UpgradeView } from '@h5/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../db/cursor';
import { pageFrom } from '../../db/keyset';
import { contents, upgradeAwardReceipts, upgradeAwards, users } from '../../db/schema';
import {
  currentSeason,
  qualityCandidates,
  type Season,
  type SeasonRecord,
  seasonFigures,
  seasonRecords,
} from './upgrade-queries';
import {
  levelOf,
  QUALITY_CASE_RULE,
  QUALITY_CASES,
  QUALITY_MIN_LIGHTS,
  QUALITY_MIN_REPLIES,
  UPGRADE_LEVELS,
} from './upgrade-rules';

/** The caller's state of each award of a season, given the caller's level in it. */
async function awardsOf(db: Db, userId: number, season: Season, level: number): Promise<UpgradeAward[]> {
  const awards = await db
    .select()
    .from(upgradeAwards)
    .where(eq(upgradeAwards.seasonId, season.id))
    .orderBy(asc(upgradeAwards.level), asc(upgradeAwards.id));
  const mine = await db
    .select({ awardId: upgradeAwardReceipts.awardId, createdAt: upgradeAwardReceipts.createdAt })
    .from(upgradeAwardReceipts)
    .where(eq(upgradeAwardReceipts.userId, userId));
  const receivedAt = new Map(mine.map((r) => [r.awardId, r.createdAt]));
  const now = Date.now();
  return awards.map((award) => {
    const received = receivedAt.get(award.id) ?? null;
    const state = received
      ? 'received'
      : award.expiresAt.getTime() <= now
        ? 'expired'
        : level >= award.level
          ? 'receivable'
          : 'locked';
    return {
      awardId: award.id,
      title: award.title,
      level: award.level,
      amountCents: award.amountCents,
      expiresAt: award.expiresAt.toISOString(),
      state,
      receivedAt: received?.toISOString() ?? null,
    };
  });
}

/** upgrade/view: the caller's level in the running season, the next level's needs, the awards. */
export async function upgradeView(db: Db, userId: number): Promise<UpgradeView> {
  const season = await currentSeason(db);
  const progress = season
    ? await seasonFigures(db, userId, season)
    : { publications: 0, qualityContents: 0, lights: 0 };
  const level = levelOf(progress);
  const next = UPGRADE_LEVELS.find((l) => l.level === level.level + 1);
  return {
    season: season && {
      id: season.id,
      title: season.title,
      startsAt: season.startsAt.toISOString(),
      endsAt: season.endsAt?.toISOString() ?? null,
    },
    level: { level: level.level, title: level.title },
    progress,
    next: next ? { level: next.level, title: next.title, requirements: next.requirements } : null,
    awards: season ? await awardsOf(db, userId, season, level.level) : [],
  };
}

/** publish-record: the season's publications, newest first, whether each counted and why not. */
export async function publishRecord(db: Db, userId: number, query: PageQuery) {
  const season = await currentSeason(db);
  const records = season ? (await seasonRecords(db, userId, season)).reverse() : [];
  const after = query.lastId ? decodeCursor(query.lastId) : null;
  const rest = after
    ? records.filter(
        (r) =>
          r.createdAt.getTime() < after.createdAtMs ||
          (r.createdAt.getTime() === after.createdAtMs && r.id < after.id),
      )
    : records;
  const page = pageFrom(rest.slice(0, query.limit + 1), query.limit, (r) =>
    encodeCursor({ createdAtMs: r.createdAt.getTime(), id: r.id }),
  );
  const list: PublishRecord[] = page.list.map((r) => ({
    contentId: r.id,
    title: r.title,
    cover: r.cover,
    publishedAt: r.createdAt.toISOString(),
    counted: r.counted,
    reason: r.reason,
    quality: r.quality,
    lights: r.lights,
    replies: r.replies,
  }));
  return { ...page, list };
}

/** quality-case: the exemplary contents of the running season, by {@link QUALITY_CASE_RULE}. */
export async function qualityCase(db: Db): Promise<{ rule: string; list: QualityCase[] }> {
  const season = await currentSeason(db);
  if (!season) return { rule: QUALITY_CASE_RULE, list: [] };
  const candidates = await qualityCandidates(db, season, QUALITY_MIN_LIGHTS, QUALITY_MIN_REPLIES);
  const chosen: SeasonRecord[] = [];
  const judgedAuthors = new Set<number>();
  for (const candidate of candidates) {
    if (chosen.length >= QUALITY_CASES) break;
    if (judgedAuthors.has(candidate.authorId)) continue;
    judgedAuthors.add(candidate.authorId);
    // The author's most lit quality content (the day rule needs the author's whole season).
    const best = (await seasonRecords(db, candidate.authorId, season))
      .filter((r) => r.quality)
      .sort((a, b) => b.lights - a.lights || b.id - a.id)[0];
    if (best) chosen.push(best);
  }
  if (chosen.length === 0) return { rule: QUALITY_CASE_RULE, list: [] };
  const rows = await db
    .select({
      contentId: contents.id,
      title: contents.title,
      cover: contents.coverUrl,
      userId: users.id,
      userName: users.userName,
      avatar: users.avatar,
    })
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(
      inArray(
        contents.id,
        chosen.map((c) => c.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.contentId, r]));
  return {
    rule: QUALITY_CASE_RULE,
    list: chosen.map((c) => {
      const row = byId.get(c.id) as (typeof rows)[number];
      return {
        contentId: c.id,
        title: row.title,
        cover: row.cover,
        author: { userId: row.userId, userName: row.userName, avatar: row.avatar },
        lights: c.lights,
        replies: c.replies,
      };
    }),
  };
}
