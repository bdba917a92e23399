/**
 * Something slow to get, a module above all, got on first use and kept: what a default start
 * never needs stays out of its memory until a request needs it (issue 33). A failed load is not
 * kept, so the next use tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
