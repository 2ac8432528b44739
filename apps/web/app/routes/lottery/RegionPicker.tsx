import { joinRegion, splitRegion } from '@h5/core';
import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import styles from '../../shell/lottery/lottery.module.css';
import { useChinaRegions } from '../../shell/use-china-regions';

/**
 * Province, city and district as three selects over the national division (issue 26 point 7); the
 * value is the three names joined by spaces. Until the division has loaded, the selects wait with
 * the current value in them (a stored address shows at once).
 */
export function RegionPicker({ value, onChange }: { value: string; onChange: (region: string) => void }) {
  const [regions, retry] = useChinaRegions();
  const [province, city, district] = splitRegion(value);
  const tree = regions.tree;
  const cities = tree?.get(province);
  const select = (
    label: string,
    current: string,
    options: readonly string[],
    next: (v: string) => string,
  ) => {
    // Before the division arrives: only the current name, so the select shows it.
    const shown = tree ? options : current ? [current] : [];
    return (
      <select
        className={styles.select}
        aria-label={label}
        value={current}
        onChange={(event) => onChange(next(event.currentTarget.value))}
        disabled={!tree || options.length === 0}
        data-testid={`region-${label}`}
      >
        <option value="">{text.choose}</option>
        {shown.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  };
  return (
    <div className={styles.region} data-testid="region-picker" data-status={regions.status}>
      {select(text.province, province, tree ? [...tree.keys()] : [], (p) => p)}
      {select(text.city, city, cities ? [...cities.keys()] : [], (c) =>
        c ? joinRegion(province, c) : province,
      )}
      {select(text.district, district, cities?.get(city) ?? [], (d) =>
        d ? joinRegion(province, city, d) : joinRegion(province, city),
      )}
      {regions.status === 'failed' ? (
        <p className={styles.regionFailed} role="alert">
          {text.regionsFailed}
          <button type="button" className={styles.regionRetry} onClick={retry} data-testid="region-retry">
            {text.retry}
          </button>
        </p>
      ) : null}
    </div>
  );
}
