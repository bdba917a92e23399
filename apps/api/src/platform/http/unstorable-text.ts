/**
 * PostgreSQL's answers to text it cannot store (issue 10): 22021 character_not_in_repertoire
 * ("invalid byte sequence for encoding UTF8: 0x00", a NUL in a text value) and 22P05
 * untranslatable_character ("unsupported Unicode escape sequence", a \u0000 in JSON). The request
 * schemas refuse such text first (safe-text.ts in the domain); this is the safety net for a field
 * that lacks the check, so that the caller gets a 400 rather than a 500.
 */
const UNSTORABLE_TEXT_CODES: ReadonlySet<string> = new Set(['22021', '22P05']);

/** Whether an error, or one it wraps (Drizzle wraps the driver's error in `cause`), is one of those. */
export function isUnstorableTextError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
    current = cause;
  }
  return false;
}
