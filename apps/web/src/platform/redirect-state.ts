import { z } from 'zod/mini';

/**
 * What a redirect carries in the history state: the message to show on arrival and, for the
 * login redirect, the path to come back to after signing in (spec sections 2.1 and 6).
 */
export const redirectStateSchema = z.object({
  message: z.optional(z.string()),
  returnTo: z.optional(z.string().check(z.startsWith('/'))),
});
export type RedirectState = z.infer<typeof redirectStateSchema>;

/** History state can hold anything another page put there; read only what parses. */
export function readRedirectState(state: unknown): RedirectState {
  const parsed = redirectStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}
