/**
 * The first `count` items in an order, kept as they come, so that a search over many matches
 * sorts only what can make the page. Up to `IN_ORDER_UP_TO` items are kept in order as they
 * arrive (a binary search and an insert each; most matches are refused with one comparison
 * once it is full); deeper than that, everything is kept and sorted once at the end.
 */
const IN_ORDER_UP_TO = 500;

export class TopK<T> {
  readonly #count: number;
  readonly #compare: (a: T, b: T) => number;
  readonly #kept: T[] = [];
  readonly #keepsAll: boolean;

  /** `compare` is a total order: negative when `a` comes first. */
  constructor(count: number, compare: (a: T, b: T) => number) {
    this.#count = count;
    this.#compare = compare;
    this.#keepsAll = count > IN_ORDER_UP_TO;
  }

  /** Whether `count` items are kept, so that an item must come before `worst` to be kept (never while everything is kept). */
  get isFull(): boolean {
    return !this.#keepsAll && this.#kept.length === this.#count;
  }

  /** The last item kept, once full. */
  get worst(): T | undefined {
    return this.isFull ? this.#kept[this.#kept.length - 1] : undefined;
  }

  /** Keeps the item if it is among the first `count` so far. */
  offer(item: T): void {
    const kept = this.#kept;
    if (this.#keepsAll) {
      kept.push(item);
      return;
    }
    if (this.#count === 0) return;
    if (kept.length === this.#count) {
      if (this.#compare(item, kept[kept.length - 1] as T) >= 0) return;
      kept.pop();
    }
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.#compare(kept[middle] as T, item) < 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, item);
  }

  /** The items kept, in order: at most `count`. */
  sorted(): T[] {
    if (this.#keepsAll) this.#kept.sort(this.#compare);
    return this.#kept.slice(0, this.#count);
  }
}
