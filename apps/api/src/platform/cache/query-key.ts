/**
 * One cache key for equal searches, however they were written: parameters in any order, repeated
 * values in any order, a place in any letter case, defaults spelt out or left out (the query is
 * already parsed, so defaults are filled in).
 */
export function queryCacheKey(query: object): string {
  const canonical = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]: [string, unknown]) => [
      name,
      Array.isArray(value) ? [...(value as unknown[])].map(String).sort() : name === 'location' ? String(value).toLowerCase() : value,
    ])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return JSON.stringify(canonical);
}
