import type { NewCommodityCard } from '@h5/contract';
import { optimiseImageUrl, PRODUCT_JUMP, PRODUCT_WANTED } from '@h5/core';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { prefetch } from '../../lib/prefetch.server';
import { queryId } from '../../lib/query-id';
import { useRootData } from '../../lib/root-data';
import { OPEN_APP_TEXT } from '../../lib/ui-text/open-app';
import { PRODUCT_TEXT } from '../../lib/ui-text/product';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { CardList } from '../../shell/feed/CardList';
import { JumpLink } from '../../shell/JumpLink';
import { PageHeader } from '../../shell/PageHeader';
import type { Route } from './+types/new-commodity';
import styles from './new-commodity.module.css';
import { TopBar } from './TopBar';

const PAGE_SIZE = 20;
const LOGO_WIDTH = 64;

/** SSR prefetch of page 1 (`?spuId=` narrows to one product). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const spuId = queryId(request, 'spuId') ?? undefined;
  const page = await prefetch(context, 'content.newCommodityContents', { spuId, limit: PAGE_SIZE });
  return { spuId: spuId ?? null, page: page.ok ? page.data : null };
}

const cardId = (card: NewCommodityCard) => card.contentId;

/** Back to the list answers from the cache: no request for its page 1 (decision record 005). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const spuId = queryId(request, 'spuId') ?? undefined;
  if (isCached('content.newCommodityContents', { spuId, limit: PAGE_SIZE }))
    return { spuId: spuId ?? null, page: null };
  return serverLoader();
}

export const meta: Route.MetaFunction = () => [
  { title: `${SOCIAL_TEXT.newCommodity} · ${SHELL_TEXT.siteTitle}` },
];

/** Contents that show new products, each card with its product; `?spuId=` shows one product's (new or not). */
export default function NewCommodity({ loaderData }: Route.ComponentProps) {
  // Keyed: a product chip leads here again with another spuId, and the list starts over.
  return <NewCommodityScreen key={loaderData.spuId ?? 'all'} {...loaderData} />;
}

function NewCommodityScreen({ spuId, page }: Route.ComponentProps['loaderData']) {
  const list = useInfinite(
    'content.newCommodityContents',
    { spuId: spuId ?? undefined, limit: PAGE_SIZE },
    page,
    cardId,
  );
  const product = spuId === null ? null : (list.state.items[0]?.product ?? null);
  const viewer = useRootData()?.viewer ?? null;
  // In a browser the product leads to the app (issue 28 point 12); the app's webview has none.
  const toApp = useRootData()?.runtime.app !== undefined;
  return (
    <div className={styles.screen} data-testid="new-commodity">
      {spuId === null ? (
        // The channel: the channels' header. One product's contents: a page of its own, with back.
        <TopBar viewer={viewer} refreshing={list.state.loading === 'refresh'} onRefresh={list.refresh} />
      ) : (
        <PageHeader title={product?.title ?? SOCIAL_TEXT.newCommodity} fallback="/" />
      )}
      <main className={product && toApp ? `${styles.main} ${styles.mainOverBar}` : styles.main}>
        {product ? <ProductHeader product={product} /> : null}
        <CardList list={list} extra={ProductChip} />
      </main>
      {product && toApp ? <BuyBar product={product} /> : null}
    </div>
  );
}

/**
 * A product's page in a browser (issue 28 point 12): its price, and the ways to buy it, in the app
 * (its product screen: the app link of this page, the store when the app is missing; the root's
 * inline script acts on `data-open-app`, share/open-app-banner.ts).
 */
function BuyBar({ product }: { product: NewCommodityCard['product'] }) {
  const page = `/community/new-commodity?spuId=${product.spuId}`;
  return (
    <aside className={styles.buyBar} aria-label={OPEN_APP_TEXT.buy} data-testid="product-buy-bar">
      <p className={styles.buyPrice}>
        <span className={styles.buyPriceLabel}>{OPEN_APP_TEXT.price}</span>
        <strong data-testid="buy-bar-price">{PRODUCT_TEXT.price(product.price)}</strong>
        <span className={styles.buyNote}>{OPEN_APP_TEXT.buyNote}</span>
      </p>
      <button type="button" className={styles.buyOpen} data-open-app={page} data-testid="product-open-app">
        {OPEN_APP_TEXT.open}
      </button>
      <button type="button" className={styles.buyButton} data-open-app={page} data-testid="product-buy">
        {OPEN_APP_TEXT.buy}
      </button>
    </aside>
  );
}

/**
 * The product a card shows, under its author line: the product jump (spec §2), that is the app's
 * product screen, and outside the app this product's contents. Its name in full on up to two
 * lines beside the picture (brand and model, issue 28 point 4), the marks and price under it.
 */
function ProductChip(card: NewCommodityCard) {
  const { product } = card;
  return (
    <JumpLink
      jump={PRODUCT_JUMP}
      params={{ spuId: product.spuId }}
      className={styles.product}
      data-testid="product-chip"
      data-spu-id={product.spuId}
    >
      <img
        className={styles.logo}
        src={optimiseImageUrl(product.logoUrl, { width: LOGO_WIDTH })}
        width={36}
        height={36}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <span className={styles.name} data-testid="product-chip-name">
        {product.title}
      </span>
      <span className={styles.chipMeta}>
        {product.isNewProduct ? <span className={styles.badge}>{SOCIAL_TEXT.newBadge}</span> : null}
        {product.isCollection === PRODUCT_WANTED ? (
          <span className={styles.badge} data-testid="product-chip-wanted">
            {PRODUCT_TEXT.wanted}
          </span>
        ) : null}
        <span className={styles.chipPrice} data-testid="product-price">
          {PRODUCT_TEXT.price(product.price)}
        </span>
      </span>
    </JumpLink>
  );
}

const HEADER_LOGO_WIDTH = 240;

/** One product's list opens with the product: its picture, name, brand and price. */
function ProductHeader({ product }: { product: NewCommodityCard['product'] }) {
  return (
    <section className={styles.header} aria-label={product.title} data-testid="product-header">
      <img
        className={styles.headerLogo}
        src={optimiseImageUrl(product.logoUrl, { width: HEADER_LOGO_WIDTH })}
        width={96}
        height={96}
        alt={product.title}
        decoding="async"
      />
      <div className={styles.headerInfo}>
        <h2 className={styles.headerName} data-testid="product-header-name">
          {product.title}
        </h2>
        <p className={styles.headerBrand}>
          {PRODUCT_TEXT.brand}
          <span data-testid="product-header-brand">{product.brand}</span>
        </p>
        <p className={styles.headerPrice} data-testid="product-price">
          {PRODUCT_TEXT.price(product.price)}
        </p>
      </div>
    </section>
  );
}
