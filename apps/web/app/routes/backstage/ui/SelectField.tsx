import styles from './backstage.module.css';

/** `[value, label]` pairs in the order shown; a `''` value reads as "any" in a filter. */
export type SelectOptions<V extends string> = readonly (readonly [V, string])[];

/** The options of a label table, in its order: `{ open: '未开奖' }` → `[['open', '未开奖']]`. */
export const optionsOf = <V extends string>(labels: Readonly<Record<V, string>>): SelectOptions<V> =>
  Object.entries(labels) as unknown as SelectOptions<V>;

/** A labelled select of a backstage form or filter. */
export function SelectField<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: V;
  options: SelectOptions<V>;
  onChange: (value: V) => void;
}) {
  return (
    <label className={styles.field}>
      {label}
      <select
        className={styles.select}
        name={name}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as V)}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
