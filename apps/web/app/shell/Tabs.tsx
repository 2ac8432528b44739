import styles from './screen.module.css';

/**
 * A row of tabs, one chosen (a card's lists, a screen's periods): the screen's underlined tabs
 * unless a screen gives its own look (`className`, `tabClassName`).
 */
export function Tabs<T extends string | number>({
  options,
  chosen,
  textOf,
  onChoose,
  testIdPrefix,
  label,
  className = styles.tabs,
  tabClassName = styles.tab,
}: {
  options: readonly T[];
  chosen: T;
  textOf: (option: T) => string;
  onChoose: (option: T) => void;
  /** Each tab's test id is `${testIdPrefix}-${option}`. */
  testIdPrefix: string;
  /** The tab list's name for screen readers. */
  label?: string;
  className?: string;
  tabClassName?: string;
}) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="tab"
          className={tabClassName}
          aria-selected={option === chosen}
          onClick={() => onChoose(option)}
          data-testid={`${testIdPrefix}-${option}`}
        >
          {textOf(option)}
        </button>
      ))}
    </div>
  );
}
