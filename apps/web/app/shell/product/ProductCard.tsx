import type { ProductCard as Product } from '@h5/contract';
import { formatCount, optimiseImageUrl, PRODUCT_JUMP } from '@h5/core';
import { PRODUCT_TEXT } from '../../lib/ui-text/product';
import { JumpLink } from '../JumpLink';
import { Stars } from './Stars';
import { WantButton } from './WantButton';

const LOGO_WIDTH = 160;

/**
 * A product card inside an article: logo, title, stars with score and raters (or 暂无评分), price, the new mark.
 * A tap is the product jump (spec §2): the app's product screen, its contents outside the app; the
 * want button beside it (想要 / 已想要) is the viewer's want, the same on every card of the product.
 */
export function ProductCard({ product }: { product: Product }) {
  return (
    <div className="h5-product-row" data-testid="product-row">
      <JumpLink
        jump={PRODUCT_JUMP}
        params={{ spuId: product.spuId }}
        className="h5-product-card"
        data-testid="product-card"
        data-spu-id={product.spuId}
      >
        <img
          className="h5-product-logo"
          src={optimiseImageUrl(product.logoUrl, { width: LOGO_WIDTH })}
          width={72}
          height={72}
          alt={product.title}
          loading="lazy"
          decoding="async"
        />
        <div className="h5-product-info">
          <p className="h5-product-title">
            {product.isNewProduct ? (
              <span className="h5-product-badge">{PRODUCT_TEXT.newProduct}</span>
            ) : null}
            {product.title}
          </p>
          {product.dpInfo.number > 0 ? (
            <p className="h5-product-rating" data-testid="product-rating">
              <Stars score={product.dpInfo.score} />
              <span className="h5-product-score">{product.dpInfo.score.toFixed(1)}</span>
              <span className="h5-product-raters">
                {PRODUCT_TEXT.raters(formatCount(product.dpInfo.number))}
              </span>
            </p>
          ) : (
            // Nobody evaluated it yet (issue 31 point 5: the rating is the shoe evaluations'): blank
            // stars and a plain word, not a 0.0 that reads as a verdict.
            <p className="h5-product-rating" data-testid="product-rating">
              <Stars score={0} />
              <span className="h5-product-raters">{PRODUCT_TEXT.noRating}</span>
            </p>
          )}
          <p className="h5-product-price" data-testid="product-price">
            {PRODUCT_TEXT.price(product.price)}
          </p>
        </div>
      </JumpLink>
      <WantButton product={product} />
    </div>
  );
}
