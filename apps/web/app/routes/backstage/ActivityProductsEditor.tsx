import { useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { DOCUMENTS_TEXT as text } from '../../lib/ui-text/backstage-documents';
import { useAction } from '../../lib/use-action';
import { BackstageEntry } from './ui/BackstageEntry';
import styles from './ui/backstage.module.css';
import { FormError } from './ui/FormError';

/** Product ids as an operator types them: separated by commas, Chinese commas or spaces. */
const idsOf = (typed: string): number[] =>
  typed
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map(Number);

/**
 * An activity's products (issue 32: 心引力's picks, the new-year AR list) in list order: the ids
 * an operator types replace the list as a whole, so production needs no seed to fill the pages.
 */
export function ActivityProductsEditor({ code }: { code: string }) {
  const [state, reload] = useEntry('activity.activityProducts', { code }, null);
  const [typed, setTyped] = useState<string | null>(null);
  const save = useAction('activity.setActivityProducts', {
    fields: ['spuIds'],
    invalidates: ['activity'],
    onDone: () => setTyped(null),
  });
  return (
    <section aria-label={`${text.products} ${code}`} data-testid="activity-products">
      <h3>{text.products}</h3>
      <BackstageEntry state={state} onRetry={reload}>
        {({ list }) => (
          <form
            className={styles.filters}
            onSubmit={(event) => {
              event.preventDefault();
              void save.run({ code, spuIds: idsOf(typed ?? list.map((item) => item.spuId).join(', ')) });
            }}
          >
            <label className={styles.field}>
              {text.productIds}
              <input
                className={styles.input}
                name="spuIds"
                value={typed ?? list.map((item) => item.spuId).join(', ')}
                onChange={(event) => setTyped(event.currentTarget.value)}
              />
            </label>
            <button type="submit" className={styles.primary} disabled={save.busy}>
              {save.busy ? text.saving : text.saveProducts}
            </button>
            <FormError action={save} />
            <ol className={styles.note} data-testid="activity-product-list">
              {list.length === 0 ? <li>{text.noProducts}</li> : null}
              {list.map((item) => (
                <li key={item.spuId}>{`${item.spuId} ${item.title}`}</li>
              ))}
            </ol>
          </form>
        )}
      </BackstageEntry>
    </section>
  );
}
