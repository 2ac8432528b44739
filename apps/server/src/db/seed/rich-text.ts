import { escapeHtml, JUMP_KEY, type JumpKey, jumpFallback, productLink } from '@h5/core';
import type { StoredImage } from '../schema/content';

interface RichTextSource {
  id: number;
  body: string;
  images: StoredImage[];
}

interface SeedProduct {
  spuId: number;
  title: string;
}

/** Contents an article recommends: trends, posts (columns) and news are contents here. */
export interface RelatedContents {
  posts: { id: number; title: string };
  trend: { id: number; title: string };
  news: { id: number; title: string };
}

// The jump key (spec §2) and label of each recommended content; its link is the key's web page.
const RELATED_LINKS: readonly [keyof RelatedContents, JumpKey, string, string][] = [
  ['posts', JUMP_KEY.posts, 'postsId', '专栏'],
  ['trend', JUMP_KEY.trend, 'trendId', '动态'],
  ['news', JUMP_KEY.news, 'newsId', '资讯'],
];

/** The article's closing list of recommended contents, each linked to its jump-table web page. */
function relatedList(related: RelatedContents): string {
  const items = RELATED_LINKS.map(([name, key, param, label]) => {
    const { id, title } = related[name];
    return `<li><a href="${jumpFallback(key, { [param]: id })}">${label}｜${escapeHtml(title)}</a></li>`;
  });
  return `<h4>相关推荐</h4>\n<ul>${items.join('')}</ul>`;
}

/** The one seeded article that carries script payloads, so the browser test can prove none runs. */
export const XSS_PAYLOAD = [
  '<script>window.__xss = 1</script>',
  '<p onclick="window.__xss = 1">',
  '<a href="javascript:window.__xss = 1">',
].join('');

/**
 * A RichText body as article HTML, from its plain paragraphs: a product link in the fixed form
 * (spec §5) after the first paragraph and another before the last, and an image in the middle.
 * Picks come from the id, not the random stream, so the rest of the seed does not move. It ends
 * with links to a column, a trend and a news (jump keys 8, 3, 4: native screens in the app).
 * `withPayload` adds script payloads (an onload image, a script, handlers) that must never run.
 */
export function richTextBody(
  content: RichTextSource,
  products: readonly SeedProduct[],
  related: RelatedContents,
  withPayload = false,
): string {
  const paragraphs = content.body.split('\n\n').map((p) => `<p>${escapeHtml(p)}</p>`);
  const card = (n: number) => {
    const product = products[(content.id * 31 + n * 17) % products.length] as SeedProduct;
    return `<p><a href="${productLink(product.spuId, content.id)}">${escapeHtml(product.title)}</a></p>`;
  };
  const image = content.images[1] ?? content.images[0];
  const figure = image
    ? `<figure><img src="${image.url}" width="${image.width}" height="${image.height}"${withPayload ? ' onload="window.__xss = 1"' : ''}></figure>`
    : '';
  const middle = Math.max(1, Math.floor(paragraphs.length / 2));
  const parts = [paragraphs[0], card(0), ...paragraphs.slice(1, middle), figure, ...paragraphs.slice(middle)];
  parts.splice(parts.length - 1, 0, card(1));
  parts.push(relatedList(related));
  if (withPayload) parts.push(`${XSS_PAYLOAD}</a></p>`);
  return parts.join('\n');
}
