import { z } from 'zod';

/**
 * GET /api/admin/summary → 200 (issue 11): what exists on the marketplace, for the admin home
 * that stands in until the admin console lands. Counts only: no one's details leave the server.
 */
const count = z.number().int().min(0);

export const adminSummaryResponseSchema = z.object({
  accounts: z.object({
    total: count,
    careSeekers: count,
    workers: count,
    supportCoordinators: count,
    administrators: count,
    /** Signed up but never entered the emailed code. */
    unverified: count,
    deactivated: count,
  }),
  /** Worker profiles: ACTIVE ones appear in search; INACTIVE ones wait for approval or a current check. */
  workers: z.object({ active: count, inactive: count }),
  jobs: z.object({ open: count, filled: count, closed: count }),
  applications: z.object({ total: count, pending: count }),
  /** When the counts were taken (ISO 8601). */
  countedAt: z.string(),
});
export type AdminSummary = z.infer<typeof adminSummaryResponseSchema>;
