import type { ShoeEvalSpu } from '@h5/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { PRODUCT_TEXT } from '../../lib/ui-text/product';
import { PUBLISH_TEXT as text } from '../../lib/ui-text/publish';
import { useApi } from '../../lib/use-api';
import shell from '../../shell/screen.module.css';
import styles from './publish.module.css';
import type { DraftProduct } from './publish-draft';

const PAGE_SIZE = 20;

/**
 * The linked products: the chosen ones (each removable) and, on 添加商品, a list over the
 * evaluated products (shoeEval.shoeEvalList, paged) to toggle, at most `max`.
 */
export function ProductPicker({
  chosen,
  max,
  onChange,
}: {
  chosen: DraftProduct[];
  max: number;
  onChange: (next: DraftProduct[]) => void;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const toggle = (product: DraftProduct) => {
    if (chosen.some((p) => p.spuId === product.spuId))
      onChange(chosen.filter((p) => p.spuId !== product.spuId));
    else if (chosen.length < max) onChange([...chosen, product]);
  };
  return (
    <section className={shell.card} aria-labelledby={`${ids}-title`} data-testid="publish-products">
      <div className={shell.sectionHead}>
        <h2 className={shell.sectionTitle} id={`${ids}-title`}>
          {text.productsTitle}
        </h2>
        <span className={shell.note}>{text.productsHint(max)}</span>
      </div>
      {chosen.length > 0 ? (
        <ul className={styles.chosen}>
          {chosen.map((product) => (
            <li key={product.spuId} className={styles.chosenItem} data-testid="publish-product">
              <img className={styles.productLogo} src={product.logoUrl} alt="" width={40} height={40} />
              <span className={styles.productTitle}>{product.title}</span>
              <button
                type="button"
                className={styles.chosenRemove}
                aria-label={text.removeProduct(product.title)}
                onClick={() => toggle(product)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className={styles.secondary}
        aria-expanded={open}
        aria-controls={`${ids}-list`}
        onClick={() => setOpen((now) => !now)}
        data-testid="publish-add-products"
      >
        {open ? text.pickerDone : text.addProducts}
      </button>
      {open ? (
        <div id={`${ids}-list`}>
          <ProductList chosen={chosen} max={max} onToggle={toggle} />
        </div>
      ) : null}
    </section>
  );
}

function ProductList({
  chosen,
  max,
  onToggle,
}: {
  chosen: DraftProduct[];
  max: number;
  onToggle: (product: DraftProduct) => void;
}) {
  const api = useApi();
  const [items, setItems] = useState<ShoeEvalSpu[]>([]);
  const [lastId, setLastId] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      setError(null);
      try {
        const page = await api(
          'shoeEval.shoeEvalList',
          { limit: PAGE_SIZE, ...(after ? { lastId: after } : {}) },
          { errorToast: false },
        );
        setItems((now) => [...now, ...page.list]);
        setLastId(page.lastId);
        setDone(page.lastId === null);
      } catch (failed) {
        setError(failed instanceof Error ? failed.message : String(failed));
      } finally {
        setLoading(false);
      }
    },
    [api],
  );
  useEffect(() => {
    void load(null);
  }, [load]);
  const full = chosen.length >= max;
  return (
    <>
      {full ? <p className={shell.note}>{text.pickerFull(max)}</p> : null}
      <ul className={styles.pickList} aria-label={text.pickerTitle}>
        {items.map(({ product }) => {
          const picked = chosen.some((p) => p.spuId === product.spuId);
          return (
            <li key={product.spuId}>
              <button
                type="button"
                className={styles.pickRow}
                aria-pressed={picked}
                disabled={!picked && full}
                onClick={() =>
                  onToggle({ spuId: product.spuId, title: product.title, logoUrl: product.logoUrl })
                }
                data-testid="publish-pick-product"
              >
                <img className={styles.productLogo} src={product.logoUrl} alt="" width={40} height={40} />
                <span className={styles.productTitle}>{product.title}</span>
                <span className={styles.productPrice}>{PRODUCT_TEXT.price(product.price)}</span>
                <span className={styles.check} aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className={shell.error} role="alert">
          {error}
        </p>
      ) : null}
      {!loading && items.length === 0 && done ? <p className={shell.note}>{text.pickerEmpty}</p> : null}
      {loading ? <p className={shell.note}>{text.pickerLoading}</p> : null}
      {!loading && !done ? (
        <button type="button" className={styles.secondary} onClick={() => void load(lastId)}>
          {text.pickerMore}
        </button>
      ) : null}
    </>
  );
}
