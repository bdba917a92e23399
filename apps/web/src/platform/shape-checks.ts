/**
 * Small structural checks for what the app reads while it starts: the configuration the server
 * wrote into the page, the session kept in localStorage, history state and error bodies. They
 * are written out by hand rather than with zod because zod is about 15 KB of gzipped JavaScript
 * that every visitor would otherwise download before the first page renders (issue 4 budget);
 * screens that parse API responses load zod with their own code, after the first render.
 */
export type UnknownRecord = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** Absent (undefined or null) or passes the check. */
export function isAbsentOr<T>(value: unknown, check: (value: unknown) => value is T): value is T | undefined | null {
  return value === undefined || value === null || check(value);
}

/** A plain object whose every value passes the check. */
export function isRecordOf<T>(value: unknown, check: (value: unknown) => value is T): value is Readonly<Record<string, T>> {
  return isRecord(value) && Object.values(value).every(check);
}

