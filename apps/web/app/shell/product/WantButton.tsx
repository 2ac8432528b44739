import { useEffect, useState } from 'react';
import { PRODUCT_TEXT } from '../../lib/ui-text/product';
import { useWant } from './use-want';

/**
 * 想要 / 已想要 for a product (spec §3 isCollection), the same on every card of the product:
 * the viewer's want through the one toggle queue (use-want.ts). The look is want.css
 * (`h5-product-want`); `className` places it on the card it sits on.
 */
export function WantButton({
  product,
  className,
}: {
  product: { spuId: number; isCollection: 0 | 1 };
  className?: string | undefined;
}) {
  const want = useWant(product.spuId, product);
  // Cards may hydrate after the page (their own chunk): the button says when it answers taps.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button
      type="button"
      className={className ? `h5-product-want ${className}` : 'h5-product-want'}
      aria-pressed={want.wanted}
      onClick={want.toggle}
      data-testid="product-want"
      data-spu-id={product.spuId}
      data-ready={ready}
    >
      {want.wanted ? PRODUCT_TEXT.wanted : PRODUCT_TEXT.want}
    </button>
  );
}
