import type { UpgradeFigures } from '@h5/contract';
import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentLights, contents, replies, upgradeSeasons } from '../../db/schema';
import { visibleContent } from '../content/visible';
import { type Evaluated, evaluatePublications, type SeasonContentRow } from './upgrade-rules';

export interface Season {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date | null;
}

/** The season running now (the latest started one that has not ended), if any. */
export async function currentSeason(db: Db): Promise<Season | null> {
  const now = new Date();
  const [row] = await db
    .select()
    .from(upgradeSeasons)
    .where(
      and(
        lte(upgradeSeasons.startsAt, now),
        or(isNull(upgradeSeasons.endsAt), sql`${upgradeSeasons.endsAt} > ${now.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(desc(upgradeSeasons.startsAt), desc(upgradeSeasons.id))
    .limit(1);
  return row ?? null;
}

/** The end of a season's counting window: its end, or now while it runs. */
const windowEnd = (season: Season): Date => season.endsAt ?? new Date();

// Qualified by hand: in a one-table select Drizzle writes contents.id as a bare "id", which inside
// the subquery on replies would mean replies.id.
const outerContentId = sql.raw('"contents"."id"');
const lightsOf = sql<number>`(select count(*)::int from ${contentLights} where ${contentLights.contentId} = ${outerContentId})`;
const repliesOf = sql<number>`(select count(*)::int from ${replies} where ${replies.contentId} = ${outerContentId})`;

export type SeasonRecord = SeasonContentRow & { cover: string | null } & Evaluated;

/** The creator's publications of the season, oldest first, each judged by the rules. */
export async function seasonRecords(db: Db, userId: number, season: Season): Promise<SeasonRecord[]> {
  const rows = await db
    .select({
      id: contents.id,
      title: contents.title,
      body: contents.body,
      hasMedia: sql<boolean>`(${contents.videoUrl} is not null or jsonb_array_length(${contents.images}) > 0)`,
      cover: contents.coverUrl,
      createdAt: contents.createdAt,
      lights: lightsOf,
      replies: repliesOf,
    })
    .from(contents)
    .where(
      and(
        eq(contents.authorId, userId),
        gte(contents.createdAt, season.startsAt),
        lt(contents.createdAt, windowEnd(season)),
        // A content moderation took down counts for nothing (issue 30 point 3).
        visibleContent,
      ),
    )
    .orderBy(asc(contents.createdAt), asc(contents.id));
  const judged = evaluatePublications(rows);
  return rows.map((row) => ({ ...row, ...(judged.get(row.id) as Evaluated) }));
}

/** Lights the creator's contents (of any date) received within the season. */
async function seasonLights(db: Db, userId: number, season: Season): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contentLights)
    .innerJoin(contents, eq(contents.id, contentLights.contentId))
    .where(
      and(
        eq(contents.authorId, userId),
        gte(contentLights.createdAt, season.startsAt),
        lt(contentLights.createdAt, windowEnd(season)),
      ),
    );
  return row?.n ?? 0;
}

/** The three figures of a creator in a season. */
export async function seasonFigures(db: Db, userId: number, season: Season): Promise<UpgradeFigures> {
  const [records, lights] = await Promise.all([
    seasonRecords(db, userId, season),
    seasonLights(db, userId, season),
  ]);
  return {
    publications: records.filter((r) => r.counted).length,
    qualityContents: records.filter((r) => r.quality).length,
    lights,
  };
}

/** Contents of the season that may be quality ones (enough lights and comments), most lit first. */
export function qualityCandidates(db: Db, season: Season, minLights: number, minReplies: number) {
  return db
    .select({ id: contents.id, authorId: contents.authorId, lights: lightsOf })
    .from(contents)
    .where(
      and(
        gte(contents.createdAt, season.startsAt),
        lt(contents.createdAt, windowEnd(season)),
        visibleContent,
        sql`${lightsOf} >= ${minLights}`,
        sql`${repliesOf} >= ${minReplies}`,
      ),
    )
    .orderBy(desc(lightsOf), desc(contents.id));
}
