import type { ContentDetail, ProductCard } from '@h5/contract';
import { articleSpuIds, CONTENT_CATEGORY_NAMES, CONTENT_TYPE, transformArticle } from '@h5/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contentLights, contents, follows, products, productWants, users } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { completeCards, NO_RATING } from '../commerce/ratings';
import { CONTENT_MESSAGES } from './messages';
import { contentVisibleTo } from './visible';

/** One content row with its author, the viewer's light and follow of the author, or undefined. */
async function contentRow(db: ReadDb, contentId: number, viewerId: number | null) {
  const [row] = await db
    .select({
      content: contents,
      authorName: users.userName,
      authorAvatar: users.avatar,
      isLight:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${contentLights} where ${contentLights.userId} = ${viewerId} and ${contentLights.contentId} = ${contents.id})`,
      isFollowing:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${contents.authorId})`,
    })
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(and(eq(contents.id, contentId), contentVisibleTo(viewerId)))
    .limit(1);
  return row;
}

/**
 * A products row as the card of spec §3, unrated and wanted by nobody: lists add the rating and the
 * viewer's wants (commerce/ratings.ts `completeCards`).
 */
export const toProductCard = (row: typeof products.$inferSelect): ProductCard => ({
  spuId: row.spuId,
  title: row.title,
  brand: row.brand,
  price: row.price,
  logoUrl: row.logoUrl,
  isCollection: 0,
  isNewProduct: row.isNewProduct ? 1 : 0,
  dpInfo: NO_RATING,
});

/** The product cards of the given spuIds, in that order; unknown spuIds are left out. */
async function productCards(db: ReadDb, spuIds: number[]): Promise<ProductCard[]> {
  if (spuIds.length === 0) return [];
  const rows = await db.select().from(products).where(inArray(products.spuId, spuIds));
  const bySpu = new Map(rows.map((r) => [r.spuId, r]));
  return spuIds.flatMap((spuId) => {
    const row = bySpu.get(spuId);
    return row ? [toProductCard(row)] : [];
  });
}

/**
 * A content as the detail page shows it: RichText bodies through core's article transform
 * (sanitised, product blocks with their cards), other types as plain text. `ownerId` limits it to
 * that author's contents (self-content-detail): another's content is not found, like a missing one.
 */
export async function contentDetail(
  db: ReadDb,
  contentId: number,
  viewerId: number | null,
  options: { ownerId?: number } = {},
): Promise<ContentDetail> {
  const row = await contentRow(db, contentId, viewerId);
  if (!row || (options.ownerId !== undefined && row.content.authorId !== options.ownerId)) {
    throw notFound(CONTENT_MESSAGES.notFound);
  }
  const c = row.content;
  const richText = c.contentType === CONTENT_TYPE.RichText;
  const article = richText ? transformArticle(c.body, { imageAlt: c.title }) : [];
  const cover =
    c.coverUrl && c.coverWidth && c.coverHeight
      ? { url: c.coverUrl, width: c.coverWidth, height: c.coverHeight }
      : null;
  return {
    contentId: c.id,
    contentType: c.contentType,
    category: c.category,
    categoryName: CONTENT_CATEGORY_NAMES[c.category] ?? '',
    title: c.title,
    text: richText ? '' : c.body,
    article,
    images: c.images,
    video:
      c.contentType === CONTENT_TYPE.Video && c.videoUrl
        ? { url: c.videoUrl, cover, duration: c.videoDuration ?? 0 }
        : null,
    author: {
      userId: c.authorId,
      userName: row.authorName,
      avatar: row.authorAvatar,
      isFollowing: row.isFollowing === true,
      isSelf: viewerId === c.authorId,
    },
    lightCount: c.lightCount,
    isLight: row.isLight === true,
    replyCount: c.replyCount,
    createdAt: c.createdAt.getTime(),
    products: await completeCards(db, viewerId, await productCards(db, articleSpuIds(article))),
  };
}

/**
 * A reader's detail from the visitors' shared one (issue 33 point 1), in one statement: their
 * light, their follow of the author, their wants among its products, and the present light and
 * reply counts (their own light or reply shows at once, whatever the cache holds).
 */
export async function readerDetail(
  db: ReadDb,
  shared: ContentDetail,
  viewerId: number,
): Promise<ContentDetail> {
  const spuIds = shared.products.map((card) => card.spuId);
  const [row] = await db
    .select({
      lightCount: contents.lightCount,
      replyCount: contents.replyCount,
      isLight: sql<boolean>`exists (select 1 from ${contentLights} where ${contentLights.userId} = ${viewerId} and ${contentLights.contentId} = ${contents.id})`,
      isFollowing: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${contents.authorId})`,
      wanted:
        spuIds.length === 0
          ? sql<number[] | null>`null`
          : sql<
              number[] | null
            >`(select array_agg(${productWants.spuId}) from ${productWants} where ${productWants.userId} = ${viewerId} and ${inArray(productWants.spuId, spuIds)})`,
    })
    .from(contents)
    .where(and(eq(contents.id, shared.contentId), contentVisibleTo(viewerId)));
  if (!row) throw notFound(CONTENT_MESSAGES.notFound);
  const wanted = new Set(row.wanted ?? []);
  return {
    ...shared,
    author: {
      ...shared.author,
      isFollowing: row.isFollowing === true,
      isSelf: viewerId === shared.author.userId,
    },
    lightCount: row.lightCount,
    isLight: row.isLight === true,
    replyCount: row.replyCount,
    products: shared.products.map((card) => ({ ...card, isCollection: wanted.has(card.spuId) ? 1 : 0 })),
  };
}
