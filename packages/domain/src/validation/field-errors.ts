import type { z } from 'zod';

/**
 * Turns a zod error into the `errors` map of the API error body and the form's field messages:
 * the first message for each field, keyed by its path joined with dots ("emergencyContacts.0.name").
 * An issue about the whole value (empty path) is keyed "".
 */
export function fieldErrors(error: { readonly issues: readonly z.core.$ZodIssue[] }): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}
