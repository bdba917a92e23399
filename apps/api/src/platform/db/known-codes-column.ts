import { z } from 'zod';

/**
 * A stored array of codes as a row schema reads it: codes outside today's lists (a skill retired
 * from the domain, say) are dropped rather than failing the whole list, because the response
 * schemas allow known codes only.
 */
export function knownCodesColumn<const C extends string>(codes: readonly C[]) {
  return z.array(z.string()).transform((values) => values.filter((value): value is C => (codes as readonly string[]).includes(value)));
}
