import type { ContentDetail } from '@h5/contract';
import { JUMP_LINKS_ATTRIBUTE } from '../../shell/JumpLink';
import styles from './ArticleBody.module.css';
import { ProductCard } from './ProductCard';

/**
 * A RichText article: the server's sanitised HTML runs (core's transformArticle: allow-listed
 * tags and attributes only, so inserting them runs no script) with product cards between them.
 * Its links to pages of ours (a column, trend, news…) open their native screens in the app.
 */
export function ArticleBody({ detail }: { detail: Pick<ContentDetail, 'article' | 'products'> }) {
  const products = new Map(detail.products.map((p) => [p.spuId, p]));
  return (
    <div className={styles.article} data-testid="article" {...{ [JUMP_LINKS_ATTRIBUTE]: '' }}>
      {detail.article.map((block, i) => {
        if (block.kind === 'product') {
          const product = products.get(block.spuId);
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks never move
          return product ? <ProductCard key={i} product={product} /> : null;
        }
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by core's transformArticle
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks never move
        return <div key={i} dangerouslySetInnerHTML={{ __html: block.html }} />;
      })}
    </div>
  );
}
