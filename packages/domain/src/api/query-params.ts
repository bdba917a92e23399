import { z } from 'zod';

/**
 * Query-string parameters the list endpoints share. A parameter arrives as a string, or as an
 * array when repeated; each of these reads one and refuses anything else with a message that
 * names the parameter.
 */

/** A repeated parameter (`skillType=A&skillType=B`): one value or many, always an array. */
export function repeatedParameter<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item));
}

/** `start`: how many results to skip, 0 by default and at most `max`. */
export function startParameter(max: number) {
  const message = 'start must be a whole number, 0 or more';
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(max, { error: `start must be at most ${max}` })
    .default(0);
}

/** `limit`: how many results a page holds, `pageSize` by default, 1 to `max`; `message` is the answer to anything else. */
export function limitParameter({ max, pageSize, message }: { max: number; pageSize: number; message: string }) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message })
    .default(pageSize);
}

/**
 * `before` and `limit` of the lists paged by time (invoices, platform fees, hours, shift notes):
 * the items before the instant `before`, `limit` at a time (25 by default, 1 to 100).
 */
export const timePageParameters = {
  before: z.iso.datetime({ offset: true, error: 'Enter a date and time' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
};
