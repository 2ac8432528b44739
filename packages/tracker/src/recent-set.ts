/** A set that forgets its oldest entries past `limit` (uuids this tab already delivered). */
export class RecentSet {
  #items = new Set<string>();

  constructor(readonly limit: number) {}

  add(item: string): void {
    this.#items.add(item);
    if (this.#items.size > this.limit) {
      const oldest = this.#items.values().next().value as string;
      this.#items.delete(oldest);
    }
  }

  has(item: string): boolean {
    return this.#items.has(item);
  }
}
