import { LOTTERY_TEXT as text } from '../../lib/ui-text/lottery';
import styles from './lottery.module.css';
import { REGIONS, splitRegion } from './regions';

/** Province, city and district as three selects; the value is the three names joined by spaces. */
export function RegionPicker({ value, onChange }: { value: string; onChange: (region: string) => void }) {
  const [province, city, district] = splitRegion(value);
  const cities = Object.keys(REGIONS[province] ?? {});
  const districts = REGIONS[province]?.[city] ?? [];
  const select = (
    label: string,
    current: string,
    options: readonly string[],
    next: (v: string) => string,
  ) => (
    <select
      className={styles.select}
      aria-label={label}
      value={current}
      onChange={(event) => onChange(next(event.currentTarget.value))}
      disabled={options.length === 0}
      data-testid={`region-${label}`}
    >
      <option value="">{text.choose}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
  return (
    <div className={styles.region}>
      {select(text.province, province, Object.keys(REGIONS), (p) => p)}
      {select(text.city, city, cities, (c) => `${province} ${c}`)}
      {select(text.district, district, districts, (d) => `${province} ${city} ${d}`)}
    </div>
  );
}
