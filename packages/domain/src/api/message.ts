import { z } from 'zod/mini';

/**
 * A message for the person, as most account calls answer on success. `zod/mini`: signing out
 * parses it from the app shell, which every visitor loads, and mini keeps full zod out of it.
 */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
