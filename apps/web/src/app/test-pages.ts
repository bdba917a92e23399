import { SEARCH_PAGE_SIZE } from '@tendly/domain/constants';

/** Lists of test answers for the paged lists (the job board, worker search): numbered items, answered a page at a time. */

/** `count` items numbered from `from`, each made by `make` from its number. */
export function numberedList<Item>(count: number, from: number, make: (number: number) => Item): Item[] {
  return Array.from({ length: count }, (_, index) => make(from + index));
}

/** A paged API over a fixed list: answers each page by `start` and `limit`, as the search endpoints do. */
export function pagedAnswer<Item>(all: readonly Item[]) {
  return (query: URLSearchParams): readonly [number, Item[]] => {
    const start = Number(query.get('start') ?? 0);
    const limit = Number(query.get('limit') ?? SEARCH_PAGE_SIZE);
    return [200, all.slice(start, start + limit)];
  };
}
