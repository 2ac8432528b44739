import type { ProductCard as Product } from '@h5/contract';
import { formatCount, optimiseImageUrl, PRODUCT_JUMP, PRODUCT_WANTED } from '@h5/core';
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import { JumpLink } from '../../shell/JumpLink';
import styles from './ProductCard.module.css';
import { Stars } from './Stars';

const LOGO_WIDTH = 160;

/**
 * A product card inside an article: logo, title, stars with score and raters, new / wanted marks.
 * A tap is the product jump (spec §2): the app's product screen, its contents outside the app.
 */
export function ProductCard({ product }: { product: Product }) {
  return (
    <JumpLink
      jump={PRODUCT_JUMP}
      params={{ spuId: product.spuId }}
      className={styles.card}
      data-testid="product-card"
      data-spu-id={product.spuId}
    >
      <img
        className={styles.logo}
        src={optimiseImageUrl(product.logoUrl, { width: LOGO_WIDTH })}
        width={72}
        height={72}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <div className={styles.info}>
        <p className={styles.title}>
          {product.isNewProduct ? <span className={styles.badge}>{DETAIL_TEXT.newProduct}</span> : null}
          {product.title}
        </p>
        <p className={styles.rating}>
          <Stars score={product.dpInfo.score} />
          <span className={styles.score}>{product.dpInfo.score.toFixed(1)}</span>
          <span className={styles.raters}>{DETAIL_TEXT.raters(formatCount(product.dpInfo.number))}</span>
        </p>
        {product.isCollection === PRODUCT_WANTED ? (
          <p className={styles.wanted}>{DETAIL_TEXT.wanted}</p>
        ) : null}
      </div>
    </JumpLink>
  );
}
