import { contract } from '@h5/contract';
import { e2eApi } from './api';

/** The first RichText of the deterministic seed: an article with product cards and related links. */
export const SEEDED_RICH_TEXT = 3;

/** What the RichText detail shows, read from the API: author, topic, first product card, article links. */
export async function richTextFacts(baseURL: string) {
  const detail = await e2eApi(baseURL)(contract.content.contentDetail, { contentId: SEEDED_RICH_TEXT });
  const html = detail.article.map((b) => (b.kind === 'html' ? b.html : '')).join('');
  const linkId = (path: string, param: string) => {
    const match = new RegExp(`href="${path}\\?${param}=(\\d+)"`).exec(html);
    if (!match) throw new Error(`content ${SEEDED_RICH_TEXT} has no ${path} link`);
    return match[1] as string;
  };
  const product = detail.article.find((b) => b.kind === 'product');
  if (product?.kind !== 'product') throw new Error(`content ${SEEDED_RICH_TEXT} has no product card`);
  return {
    contentId: detail.contentId,
    authorId: detail.author.userId,
    category: detail.category,
    spuId: product.spuId,
    postsId: linkId('/community/posts', 'postsId'),
    trendId: linkId('/community/trend', 'trendId'),
    newsId: linkId('/community/news', 'newsId'),
  };
}

/** The userId a user-detail link of the page points at (its web fallback `?userId=`). */
export function userIdOfHref(href: string | null): number {
  const id = Number(new URL(href ?? '', 'http://x.invalid').searchParams.get('userId'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`not a user link: ${href}`);
  return id;
}
