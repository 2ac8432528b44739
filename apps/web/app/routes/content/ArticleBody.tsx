import type { ContentDetail } from '@h5/contract';
import { imageProcessValue } from '@h5/core';
import { JUMP_LINKS_ATTRIBUTE } from '../../lib/jump-attributes';
import { useLowDeviceAtMount } from '../../lib/use-low-device';
import { ProductCard } from '../../shell/product/ProductCard';

/** An x-oss-process value with a resize, in the article's image URLs. */
const RESIZED_IMAGE = /(?<=x-oss-process=)image\/resize,w_(\d+)[^"&#\s]*/g;

/**
 * A RichText article: the server's sanitised HTML runs (core's transformArticle: allow-listed
 * tags and attributes only, so inserting them runs no script) with product cards between them.
 * Its links to pages of ours (a column, trend, news…) open their native screens in the app.
 */
export function ArticleBody({ detail }: { detail: Pick<ContentDetail, 'article' | 'products'> }) {
  const products = new Map(detail.products.map((p) => [p.spuId, p]));
  // The server resized article images with core's process (1005 px, q_75, webp): a low device
  // asks for that width's low-device variant instead.
  const lowDevice = useLowDeviceAtMount();
  const lighten = (html: string) =>
    lowDevice
      ? html.replace(RESIZED_IMAGE, (_, width: string) => imageProcessValue(Number(width), true))
      : html;
  return (
    <div className="h5-article" data-testid="article" {...{ [JUMP_LINKS_ATTRIBUTE]: '' }}>
      {detail.article.map((block, i) => {
        if (block.kind === 'product') {
          const product = products.get(block.spuId);
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks never move
          return product ? <ProductCard key={i} product={product} /> : null;
        }
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by core's transformArticle
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks never move
        return <div key={i} dangerouslySetInnerHTML={{ __html: lighten(block.html) }} />;
      })}
    </div>
  );
}
