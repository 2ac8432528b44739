import type { UpgradeFigures } from '@h5/contract';
import { CREATOR_LEVEL_TITLES } from '@h5/core';

/**
 * The upgrade programme's rules (issue 15 point 2; docs/api.md "Creator upgrade programme").
 * A level is the highest one whose three figures the season's rows reach.
 */
export const UPGRADE_LEVELS: ReadonlyArray<{ level: number; title: string; requirements: UpgradeFigures }> = [
  {
    level: 0,
    title: CREATOR_LEVEL_TITLES[0],
    requirements: { publications: 0, qualityContents: 0, lights: 0 },
  },
  {
    level: 1,
    title: CREATOR_LEVEL_TITLES[1],
    requirements: { publications: 5, qualityContents: 1, lights: 30 },
  },
  {
    level: 2,
    title: CREATOR_LEVEL_TITLES[2],
    requirements: { publications: 15, qualityContents: 3, lights: 100 },
  },
  {
    level: 3,
    title: CREATOR_LEVEL_TITLES[3],
    requirements: { publications: 30, qualityContents: 6, lights: 250 },
  },
];

/** A publication counts with a title of at least this many characters… */
export const MIN_TITLE_CHARS = 6;
/** …and at least this much text, unless it has an image or a video… */
export const MIN_TEXT_CHARS = 30;
/** …and only the first few of one day (China time) count, so splitting posts earns nothing. */
export const MAX_COUNTED_PER_DAY = 3;
/** A counted publication is a quality content with this many lights and comments. */
export const QUALITY_MIN_LIGHTS = 10;
export const QUALITY_MIN_REPLIES = 3;
/** How many exemplary contents quality-case shows (at most one per creator). */
export const QUALITY_CASES = 10;

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export const UPGRADE_REASONS = {
  shortTitle: `标题少于 ${MIN_TITLE_CHARS} 个字，不计入`,
  thinBody: `正文少于 ${MIN_TEXT_CHARS} 个字且没有图片或视频，不计入`,
  dayFull: `当天已计入 ${MAX_COUNTED_PER_DAY} 篇，超出的不计入`,
} as const;

export const QUALITY_CASE_RULE = `本季优质内容（计入且获得至少 ${QUALITY_MIN_LIGHTS} 个点亮、${QUALITY_MIN_REPLIES} 条评论）中点亮最多的 ${QUALITY_CASES} 篇，每位创作者最多 1 篇`;

export interface SeasonContentRow {
  id: number;
  title: string;
  body: string;
  hasMedia: boolean;
  createdAt: Date;
  lights: number;
  replies: number;
}

export interface Evaluated {
  counted: boolean;
  reason: string | null;
  quality: boolean;
}

/** The visible text of a body (rich-text bodies are HTML). */
const textLength = (body: string): number => [...body.replace(/<[^>]*>/g, '').replace(/\s+/g, '')].length;

/** Judges a creator's season publications, given oldest first (the day's first ones count). */
export function evaluatePublications(rows: readonly SeasonContentRow[]): Map<number, Evaluated> {
  const perDay = new Map<number, number>();
  const out = new Map<number, Evaluated>();
  for (const row of rows) {
    let reason: string | null = null;
    const day = Math.floor((row.createdAt.getTime() + CHINA_OFFSET_MS) / DAY_MS);
    if ([...row.title.trim()].length < MIN_TITLE_CHARS) reason = UPGRADE_REASONS.shortTitle;
    else if (!row.hasMedia && textLength(row.body) < MIN_TEXT_CHARS) reason = UPGRADE_REASONS.thinBody;
    else if ((perDay.get(day) ?? 0) >= MAX_COUNTED_PER_DAY) reason = UPGRADE_REASONS.dayFull;
    const counted = reason === null;
    if (counted) perDay.set(day, (perDay.get(day) ?? 0) + 1);
    const quality = counted && row.lights >= QUALITY_MIN_LIGHTS && row.replies >= QUALITY_MIN_REPLIES;
    out.set(row.id, { counted, reason, quality });
  }
  return out;
}

/** The highest level the figures reach. */
export function levelOf(figures: UpgradeFigures) {
  const reached = UPGRADE_LEVELS.filter(
    (l) =>
      figures.publications >= l.requirements.publications &&
      figures.qualityContents >= l.requirements.qualityContents &&
      figures.lights >= l.requirements.lights,
  );
  return reached.at(-1) ?? (UPGRADE_LEVELS[0] as (typeof UPGRADE_LEVELS)[number]);
}
