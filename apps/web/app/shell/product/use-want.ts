import { PRODUCT_WANTED } from '@h5/core';
import { useCallback } from 'react';
import {
  type ProductShadow,
  productNow,
  setProductShadow,
  useProductShadow,
} from '../../lib/data-layer/product-shadow';
import { toggle } from '../../lib/data-layer/toggle-queue';
import { useRootData } from '../../lib/root-data';
import { useApi } from '../../lib/use-api';
import { usesNativeApp } from '../../platform/app-mode';

/**
 * The viewer's want of a product, through the one toggle queue (decision record 005): every card
 * of the product shows it at once. In the app the want is the native `fav` action first (gated:
 * a visitor gets the native login), then our call records it; in a browser our call alone (a
 * visitor is sent to the login by the request hooks).
 */
export function useWant(spuId: number, loaded: { isCollection: 0 | 1 }) {
  const api = useApi();
  const runtime = useRootData()?.runtime;
  const shown = useProductShadow(spuId, loaded);
  const tap = useCallback(
    () =>
      toggle<ProductShadow>({
        key: `want:${spuId}`,
        current: () => productNow(spuId, loaded),
        on: (s) => s.isCollection === PRODUCT_WANTED,
        optimistic: (_server, want) => ({ isCollection: want ? PRODUCT_WANTED : 0 }) as const,
        send: async (want) => {
          if (runtime && usesNativeApp()) {
            // The bridge only in the app, from its own chunk as the platform loads it.
            const { loadPageBridge } = await import('../../platform/page-bridge');
            await (await loadPageBridge(runtime)).runAction('fav', { spuId, want });
          }
          const state = await api('commerce.productWant', { spuId, want });
          return { isCollection: state.isCollection };
        },
        show: (s) => setProductShadow(spuId, s),
      }),
    [api, runtime, spuId, loaded],
  );
  return { wanted: shown.isCollection === PRODUCT_WANTED, toggle: tap };
}
