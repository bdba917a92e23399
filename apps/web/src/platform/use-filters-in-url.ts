import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A search's filters kept in the query string (the worker search, the job board), so a search can
 * be shared or bookmarked and Back and Forward restore it. `read` takes the filters from the query
 * string; `write` puts them back into it, keeping the parameters the filters do not own.
 * Applying the filters already shown makes no new history entry.
 */
export function useFiltersInUrl<F>(
  read: (params: URLSearchParams) => F,
  write: (filters: F, base: URLSearchParams) => URLSearchParams,
): [F, (next: F) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => read(params), [read, params]);
  const applyFilters = useCallback(
    (next: F) => {
      setParams((current) => {
        const updated = write(next, current);
        return updated.toString() === current.toString() ? current : updated;
      });
    },
    [write, setParams],
  );
  return [filters, applyFilters];
}
