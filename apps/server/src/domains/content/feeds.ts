import type {
  FeedCard,
  HotVideoRankItem,
  LzInfo,
  NewCommodityPage,
  PageQuery,
  ProductCard,
  TagTopDetail,
} from '@h5/contract';
import { CONTENT_CATEGORY_NAMES, CONTENT_TYPE } from '@h5/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contentLights, contentProducts, contents, products, users } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { completeCards } from '../commerce/ratings';
import type { FollowQueries } from '../community/follow-queries';
import { feedCardColumns, NO_VIEWER, toCard } from './cards';
import { toProductCard } from './detail';
import { filteredFeedPage, followedNewestPage } from './feed-pages';
import { CONTENT_MESSAGES } from './messages';
import { visibleContent } from './visible';

/** The hot-video rank counts the lights of this many days. */
export const RANK_WINDOW_DAYS = 7;
/** Evaluation top detail shows this many contents. */
const TOP_LIST_SIZE = 3;

/**
 * A new product linked from the content; with `spuId`, that product, new or not: it is a
 * product card's web page too (the product jump's fallback, issue 12).
 */
const productLink = (spuId: number | undefined) =>
  spuId === undefined
    ? sql`exists (select 1 from ${contentProducts} join ${products} on ${products.spuId} = ${contentProducts.spuId} where ${contentProducts.contentId} = ${contents.id} and ${products.isNewProduct})`
    : sql`exists (select 1 from ${contentProducts} where ${contentProducts.contentId} = ${contents.id} and ${contentProducts.spuId} = ${spuId})`;

/**
 * Contents that show a new product, newest first, each with the first new product it links to;
 * with `spuId`, the contents that link that product (new or not), each with it.
 */
export async function newCommodityPage(
  db: ReadDb,
  input: PageQuery & { spuId?: number | undefined },
  viewerId: number | null,
): Promise<NewCommodityPage> {
  const page = await filteredFeedPage(db, productLink(input.spuId), input, viewerId);
  const ids = page.list.map((card) => card.contentId);
  // Each content's first new product (by spuId), or the asked-for one with `spuId`, in one query.
  const links =
    ids.length === 0
      ? []
      : await db
          .selectDistinctOn([contentProducts.contentId], {
            contentId: contentProducts.contentId,
            product: products,
          })
          .from(contentProducts)
          .innerJoin(products, eq(products.spuId, contentProducts.spuId))
          .where(
            and(
              inArray(contentProducts.contentId, ids),
              input.spuId === undefined ? eq(products.isNewProduct, true) : eq(products.spuId, input.spuId),
            ),
          )
          .orderBy(contentProducts.contentId, contentProducts.spuId);
  const cards = await completeCards(
    db,
    viewerId,
    links.map((link) => toProductCard(link.product)),
  );
  const productOf = new Map(links.map((link, i) => [link.contentId, cards[i] as ProductCard]));
  return {
    ...page,
    // Every card matched the product filter, so each has a product; the filter drops none.
    list: page.list.flatMap((card) => {
      const product = productOf.get(card.contentId);
      return product ? [{ ...card, product }] : [];
    }),
  };
}

/** The hot-video rank: lights of the last {@link RANK_WINDOW_DAYS} days, then all lights. */
export async function hotVideoRank(
  db: ReadDb,
  limit: number,
  viewerId: number | null,
): Promise<HotVideoRankItem[]> {
  const recent = db
    .select({ contentId: contentLights.contentId, n: sql<number>`count(*)::int`.as('n') })
    .from(contentLights)
    .where(sql`${contentLights.createdAt} > now() - make_interval(days => ${RANK_WINDOW_DAYS})`)
    .groupBy(contentLights.contentId)
    .as('recent');
  const week = sql<number>`coalesce(${recent.n}, 0)`.mapWith(Number);
  const rows = await db
    .select({ ...feedCardColumns(viewerId ?? NO_VIEWER), week })
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .leftJoin(recent, eq(recent.contentId, contents.id))
    .where(and(eq(contents.contentType, CONTENT_TYPE.Video), visibleContent))
    .orderBy(desc(week), desc(contents.lightCount), desc(contents.id))
    .limit(limit);
  return rows.map((row, i) => ({ ...toCard(row), rank: i + 1, weekLightCount: row.week }));
}

/** A topic's totals and its most-lit contents; a tag id is a content category. */
export async function tagTopDetail(
  db: ReadDb,
  tagId: number,
  viewerId: number | null,
): Promise<TagTopDetail> {
  const tagName = CONTENT_CATEGORY_NAMES[tagId];
  if (tagName === undefined) throw notFound(CONTENT_MESSAGES.tagNotFound);
  const inTag = and(eq(contents.category, tagId), visibleContent);
  const [totals, top] = await Promise.all([
    db
      .select({
        contentCount: sql<number>`count(*)::int`,
        authorCount: sql<number>`count(distinct ${contents.authorId})::int`,
        lightCount: sql<number>`coalesce(sum(${contents.lightCount}), 0)::bigint`.mapWith(Number),
      })
      .from(contents)
      .where(inTag),
    db
      .select(feedCardColumns(viewerId ?? NO_VIEWER))
      .from(contents)
      .innerJoin(users, eq(users.id, contents.authorId))
      .where(inTag)
      .orderBy(desc(contents.lightCount), desc(contents.id))
      .limit(TOP_LIST_SIZE),
  ]);
  const sums = totals[0] ?? { contentCount: 0, authorCount: 0, lightCount: 0 };
  return { tagId, tagName, ...sums, topList: top.map(toCard) satisfies FeedCard[] };
}

/** The 楼主 of a content: its author's profile and the lights all their contents earned. */
export async function lzInfo(
  db: ReadDb,
  follows: FollowQueries,
  contentId: number,
  viewerId: number | null,
): Promise<LzInfo> {
  const [content] = await db
    .select({ authorId: contents.authorId })
    .from(contents)
    .where(and(eq(contents.id, contentId), visibleContent));
  if (!content) throw notFound(CONTENT_MESSAGES.notFound);
  const [profile, [earned]] = await Promise.all([
    follows.profile(content.authorId, viewerId),
    db
      .select({ n: sql<number>`coalesce(sum(${contents.lightCount}), 0)::bigint`.mapWith(Number) })
      .from(contents)
      .where(and(eq(contents.authorId, content.authorId), visibleContent)),
  ]);
  if (!profile) throw notFound(CONTENT_MESSAGES.notFound);
  return {
    ...profile,
    isFollowing: profile.isFollowing === true,
    isSelf: viewerId === content.authorId,
    // The 楼主 card shows no notices; the author reads them on their own home.
    takenDown: [],
    contentId,
    receivedLightCount: earned?.n ?? 0,
  };
}

/** A topic's contents: a tag id is a content category (contents carry no tags). */
export const tagContentsPage = (db: ReadDb, tagId: number, input: PageQuery, viewerId: number | null) =>
  filteredFeedPage(db, sql`${contents.category} = ${tagId}`, input, viewerId);

/** The 关注 feed (issue 32 point 4): the contents of the authors `viewerId` follows, newest first. */
export const followingFeedPage = (db: ReadDb, viewerId: number, input: PageQuery) =>
  followedNewestPage(db, viewerId, input);
