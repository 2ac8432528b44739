import { peek } from './cache';
import { patch, useShadow } from './shadow';

/** What the viewer changed about a product: its want state (spec §3 isCollection). */
export interface ProductShadow {
  isCollection?: 0 | 1;
}

// Like the content and user shadows (shadow.ts), in a module of its own: only the lazily loaded
// product cards use it, so it stays out of the feed's and the detail's first-load JS.
const keyOf = (spuId: number) => `shadow:p:${spuId}`;

/** A product as shown right now, outside render. */
export const productNow = <T extends ProductShadow>(spuId: number, base: T): T => ({
  ...base,
  ...peek<ProductShadow>(keyOf(spuId)),
});
export const setProductShadow = (spuId: number, value: ProductShadow) => patch(keyOf(spuId), value);
/** A product as the viewer sees it now: every card of it shows the same want. */
export const useProductShadow = <T extends ProductShadow>(spuId: number, base: T): T =>
  useShadow(keyOf(spuId), base);
