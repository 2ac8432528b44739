/**
 * Up to `count` items of `items` in random order (a partial Fisher–Yates shuffle). Reorders
 * `items` in place and returns it shortened; pass a copy to keep the original.
 */
export function randomSample<T>(items: T[], count: number, random: () => number): T[] {
  const n = items.length;
  const k = Math.min(count, n);
  for (let i = 0; i < k; i++) {
    const j = Math.min(n - 1, i + Math.floor(random() * (n - i)));
    const chosen = items[j] as T;
    items[j] = items[i] as T;
    items[i] = chosen;
  }
  items.length = k;
  return items;
}
