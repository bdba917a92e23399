import { readTotalCountHeaders, type ResultTotal } from '@tendly/domain/api/result-total';
import { SEARCH_PAGE_SIZE } from '@tendly/domain/constants';
import { ApiError, apiResponse, type QueryParams, type ResponseSchema } from './api-client';

/**
 * The lists with filters that page by 25 with "Load more" (spec section 9): worker search and the
 * job board. A page is the list the API answered and the total it sent beside it
 * (X-Total-Count, see the domain's result-total.ts).
 */
export interface ResultPage<T> {
  readonly items: readonly T[];
  /** Null when the server sent no total. */
  readonly total: ResultTotal | null;
}

/** GET one page of a list, with its total. */
export async function fetchResultPage<T>(
  path: string,
  query: QueryParams,
  schema: ResponseSchema<readonly T[]>,
  signal?: AbortSignal,
): Promise<ResultPage<T>> {
  const { data, headers } = await apiResponse(path, { query, schema, ...(signal ? { signal } : {}) });
  return { items: data, total: readTotalCountHeaders(headers) };
}

/**
 * The next page's `start`, or undefined at the end: a page with fewer than 25 is the last (the
 * total is for showing; the short page is what the API promises).
 */
export function nextPageStart(lastPage: ResultPage<unknown>, pages: readonly ResultPage<unknown>[]): number | undefined {
  if (lastPage.items.length < SEARCH_PAGE_SIZE) return undefined;
  return pages.reduce((count, page) => count + page.items.length, 0);
}

/** Every item of the pages loaded so far. */
export function itemsOf<T>(pages: readonly ResultPage<T>[] | undefined): T[] {
  return pages?.flatMap((page) => page.items) ?? [];
}

/** The total, as the latest page said it. */
export function totalOf(pages: readonly ResultPage<unknown>[] | undefined): ResultTotal | null {
  return pages?.at(-1)?.total ?? null;
}

const numberFormat = new Intl.NumberFormat('en-AU');

/**
 * What a list says about itself (a polite live region): "Showing 25 of 1,234 workers", "Showing 25
 * of more than 1,000 workers" when the count stopped at its cap, "Showing all 12 workers", and
 * "Showing 25 workers" when the server sent no total.
 */
export function resultCountStatement(shown: number, total: ResultTotal | null, noun: { one: string; many: string; none: string }): string {
  const count = total?.count ?? shown;
  if (shown === 0 && count === 0) return noun.none;
  const name = (n: number) => (n === 1 ? noun.one : noun.many);
  if (!total || (!total.isCapped && total.count <= shown)) {
    return !total || shown === 1 ? `Showing ${numberFormat.format(shown)} ${name(shown)}` : `Showing all ${numberFormat.format(shown)} ${name(shown)}`;
  }
  const of = total.isCapped ? `more than ${numberFormat.format(total.count)}` : numberFormat.format(total.count);
  return `Showing ${numberFormat.format(shown)} of ${of} ${noun.many}`;
}

/** A 400 from a list (a filter it refused): the message, for the field that caused it. */
export function badRequestMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === 400 ? error.message : null;
}
