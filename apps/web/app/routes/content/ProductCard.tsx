import type { ProductCard as Product } from '@h5/contract';
import { formatCount, optimiseImageUrl, PRODUCT_JUMP } from '@h5/core';
import { useEffect, useState } from 'react';
import { PRODUCT_TEXT } from '../../lib/ui-text/product';
import { JumpLink } from '../../shell/JumpLink';
import { useWant } from '../commerce/use-want';
import { Stars } from './Stars';

const LOGO_WIDTH = 160;

/**
 * A product card inside an article: logo, title, stars with score and raters, price, the new mark.
 * A tap is the product jump (spec §2): the app's product screen, its contents outside the app; the
 * want button beside it (想要 / 已想要) is the viewer's want, the same on every card of the product.
 */
export function ProductCard({ product }: { product: Product }) {
  const want = useWant(product.spuId, product);
  // The article hydrates after the page (its own chunk): the button says when it answers taps.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
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
          <p className="h5-product-rating">
            <Stars score={product.dpInfo.score} />
            <span className="h5-product-score">{product.dpInfo.score.toFixed(1)}</span>
            <span className="h5-product-raters">
              {PRODUCT_TEXT.raters(formatCount(product.dpInfo.number))}
            </span>
          </p>
          <p className="h5-product-price" data-testid="product-price">
            {PRODUCT_TEXT.price(product.price)}
          </p>
        </div>
      </JumpLink>
      <button
        type="button"
        className="h5-product-want"
        aria-pressed={want.wanted}
        onClick={want.toggle}
        data-testid="product-want"
        data-ready={ready}
      >
        {want.wanted ? PRODUCT_TEXT.wanted : PRODUCT_TEXT.want}
      </button>
    </div>
  );
}
