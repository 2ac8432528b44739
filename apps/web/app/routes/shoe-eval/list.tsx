import type { ShoeEvalSpu } from '@h5/contract';
import { optimiseImageUrl } from '@h5/core';
import { Link } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { PRODUCT_TEXT } from '../../lib/ui-text/product';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SHOE_EVAL_TEXT as text } from '../../lib/ui-text/shoe-eval';
import { PagedListView } from '../../shell/PagedListView';
import { WantButton } from '../../shell/product/WantButton';
import { Screen } from '../../shell/Screen';
import shell from '../../shell/screen.module.css';
import type { Route } from './+types/list';
import { ShoeStars } from './ShoeStars';
import '../../shell/product/want.css';
import styles from './shoe-eval.module.css';

const PAGE_SIZE = 20;
const LOGO_WIDTH = 240;

export const meta: Route.MetaFunction = () => [{ title: `${text.listTitle} · ${SHELL_TEXT.siteTitle}` }];

export async function loader({ context }: Route.LoaderArgs) {
  return { page: dataOf(await prefetch(context, 'shoeEval.shoeEvalList', { limit: PAGE_SIZE })) };
}

/** Back to the list answers from the cache (decision record 005). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  if (isCached('shoeEval.shoeEvalList', { limit: PAGE_SIZE })) return { page: null };
  return serverLoader();
}

const spuIdOf = (item: ShoeEvalSpu) => item.product.spuId;

/** Products open for evaluation, infinite, with their stars and my score (issue 17 point 3). */
export default function ShoeEvalList({ loaderData }: Route.ComponentProps) {
  const list = useInfinite('shoeEval.shoeEvalList', { limit: PAGE_SIZE }, loaderData.page, spuIdOf);
  return (
    <Screen
      title={text.listTitle}
      testId="shoe-eval-list"
      onRefresh={() => invalidate('shoeEval.shoeEvalList')}
      refreshing={list.state.loading !== null}
    >
      <PagedListView list={list} emptyText={text.listEmpty}>
        {(items) => (
          <ul className={shell.cardList}>
            {items.map((item) => (
              <li key={item.product.spuId} className={styles.listItem}>
                <Link
                  className={styles.item}
                  to={`/shoe-eval/spu?spuId=${item.product.spuId}`}
                  data-testid="shoe-eval-item"
                  data-spu-id={item.product.spuId}
                >
                  <img
                    className={styles.logo}
                    src={optimiseImageUrl(item.product.logoUrl, { width: LOGO_WIDTH })}
                    width={88}
                    height={88}
                    alt={item.product.title}
                    loading="lazy"
                  />
                  <span className={styles.info}>
                    <span className={styles.name}>{item.product.title}</span>
                    <span className={styles.line}>
                      <ShoeStars score={item.average} label={text.scoreValue(item.average)} />
                      {item.count > 0 ? item.average.toFixed(1) : null} {text.count(item.count)}
                    </span>
                    <span className={styles.line}>
                      <span className={styles.price}>{PRODUCT_TEXT.price(item.product.price)}</span>
                    </span>
                    <span className={styles.mine} data-testid="shoe-eval-my-score">
                      {item.myScore === null ? text.notEvaluated : text.myScore(item.myScore)}
                    </span>
                  </span>
                </Link>
                <WantButton product={item.product} className={styles.want} />
              </li>
            ))}
          </ul>
        )}
      </PagedListView>
    </Screen>
  );
}
