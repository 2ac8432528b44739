import {
  type contract,
  type DataCenterContent,
  type DataCenterSummary,
  type FansPortrait,
  type InputOf,
  type PeriodFigure,
  type PortraitSlice,
  USER_GENDER,
} from '@h5/contract';
import { FORBIDDEN } from '@h5/core';
import type { Db } from '../../db/client';
import { decodeCursor, decodeIntRankCursor, encodeCursor, encodeRankCursor } from '../../db/cursor';
import { pageFrom, rowsToRead } from '../../db/keyset';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../plugins/errors';
import { CHINA_OFFSET_MS, periodBounds, periodDays } from './data-center-period';
import {
  type ContentFiguresRow,
  contentDays,
  contentFigures,
  contentOf,
  followerGroups,
  followerViewHours,
  type ListAfter,
  summaryCounts,
} from './data-center-queries';
import { CREATOR_MESSAGES } from './messages';

/** The fans portrait's active hours count this many days of views. */
export const ACTIVE_HOURS_DAYS = 30;
/** Regions shown by name; the rest are summed as `other`. */
export const TOP_REGIONS = 10;

const figure = ({ cur, prev }: { cur: number; prev: number } = { cur: 0, prev: 0 }): PeriodFigure => ({
  value: cur,
  previous: prev,
  change: prev === 0 ? null : (cur - prev) / prev,
});

const toMs = (at: Date | string): number => new Date(at).getTime();

const toContent = (row: Omit<ContentFiguresRow, 'views' | 'lights' | 'comments'>) => ({
  contentId: row.id,
  title: row.title,
  contentType: row.content_type,
  cover: row.cover_url,
  createdAt: toMs(row.created_at),
});

/** A content-list `lastId` back to where the page starts; a forged one is a 400 naming the field. */
function listAfter(sort: 'views' | 'lights' | 'newest', lastId: string | undefined): ListAfter {
  if (!lastId) return null;
  if (sort === 'newest') return { sort, ...decodeCursor(lastId) };
  return { sort, ...decodeIntRankCursor(lastId) };
}

/** The age band of a birth year in `year`. */
function ageBand(birthYear: number, year: number): string {
  const age = year - birthYear;
  if (age < 18) return 'under18';
  if (age < 25) return '18-24';
  if (age < 30) return '25-29';
  if (age < 40) return '30-39';
  return '40+';
}

const AGE_BANDS = ['under18', '18-24', '25-29', '30-39', '40+', 'unknown'];

export async function fansPortrait(deps: AppDeps, authorId: number, nowMs: number): Promise<FansPortrait> {
  const [groups, hours] = await Promise.all([
    followerGroups(deps.db, authorId),
    followerViewHours(deps.db, authorId, new Date(nowMs - ACTIVE_HOURS_DAYS * 86_400_000)),
  ]);
  const year = new Date(nowMs + CHINA_OFFSET_MS).getUTCFullYear();
  const genderKey = (key: string) =>
    key === String(USER_GENDER.male) ? 'male' : key === String(USER_GENDER.female) ? 'female' : 'unknown';
  const sum = (slices: Map<string, number>, key: string, n: number) =>
    slices.set(key, (slices.get(key) ?? 0) + n);
  const gender = new Map<string, number>([
    ['male', 0],
    ['female', 0],
    ['unknown', 0],
  ]);
  const ages = new Map<string, number>(AGE_BANDS.map((band) => [band, 0]));
  const regions = new Map<string, number>();
  let total = 0;
  for (const g of groups) {
    if (g.kind === 'gender') {
      sum(gender, genderKey(g.key), g.n);
      total += g.n;
    } else if (g.kind === 'birthYear')
      sum(ages, g.key === '' ? 'unknown' : ageBand(Number(g.key), year), g.n);
    else sum(regions, g.key === '' ? 'unknown' : g.key, g.n);
  }
  const slices = (m: Map<string, number>): PortraitSlice[] => [...m].map(([key, count]) => ({ key, count }));
  const named = slices(regions)
    .filter((s) => s.key !== 'unknown')
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const rest = named.slice(TOP_REGIONS).reduce((n, s) => n + s.count, 0);
  const activeHours = Array.from({ length: 24 }, () => 0);
  for (const h of hours) activeHours[h.hour] = h.n;
  return {
    total,
    gender: slices(gender),
    ageBands: slices(ages),
    regions: [
      ...named.slice(0, TOP_REGIONS),
      ...(rest > 0 ? [{ key: 'other', count: rest }] : []),
      ...(regions.get('unknown') ? [{ key: 'unknown', count: regions.get('unknown') as number }] : []),
    ],
    activeHours,
  };
}

type CreatorInput<K extends keyof typeof contract.creator> = InputOf<(typeof contract.creator)[K]>;

/** summery: the author's figures over the period, each with its change against the period before. */
export async function dataCenterSummary(
  db: Db,
  viewerId: number,
  { period }: CreatorInput<'dataCenterSummery'>,
): Promise<DataCenterSummary> {
  const bounds = periodBounds(period);
  const counts = await summaryCounts(db, viewerId, bounds);
  return {
    ...periodDays(bounds),
    views: figure(counts.views),
    lights: figure(counts.lights),
    comments: figure(counts.comments),
    shares: figure(counts.shares),
    newFans: figure(counts.newFans),
  };
}

/** content-list: the author's contents with their figures over the period, paged in the chosen order. */
export async function dataCenterContentList(
  db: Db,
  viewerId: number,
  { period, sort, lastId, limit }: CreatorInput<'dataCenterContentList'>,
) {
  const after = listAfter(sort, lastId);
  const rows = await contentFigures(db, viewerId, periodBounds(period), sort, after, rowsToRead({ limit }));
  const page = pageFrom(rows, limit, (row) =>
    sort === 'newest'
      ? encodeCursor({ createdAtMs: toMs(row.created_at), id: row.id })
      : encodeRankCursor({ rank: sort === 'views' ? row.views : row.lights, id: row.id }),
  );
  const list: DataCenterContent[] = page.list.map((row) => ({
    ...toContent(row),
    views: row.views,
    lights: row.lights,
    comments: row.comments,
  }));
  return { ...page, list };
}

/** content-detail: one of the author's own contents, day by day over the period (403 for another's). */
export async function dataCenterContentDetail(
  db: Db,
  viewerId: number,
  { contentId, period }: CreatorInput<'dataCenterContentDetail'>,
) {
  const content = await contentOf(db, contentId);
  if (!content) throw notFound(CREATOR_MESSAGES.contentNotFound);
  if (content.author_id !== viewerId) throw new AppError(FORBIDDEN, CREATOR_MESSAGES.notYourContent, 403);
  const bounds = periodBounds(period);
  const counts = await contentDays(db, contentId, viewerId, bounds);
  const days = bounds.days.map((date) => ({ date, views: 0, lights: 0, comments: 0, newFans: 0 }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  const totals = { views: 0, lights: 0, comments: 0, newFans: 0 };
  for (const { figure: name, day, n } of counts) {
    const d = byDate.get(day);
    if (!d) continue;
    d[name] += n;
    totals[name] += n;
  }
  return { ...periodDays(bounds), content: toContent(content), totals, days };
}
