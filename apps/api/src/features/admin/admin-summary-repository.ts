import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminSummary } from '@tendly/domain/api/admin';
import type { DbExecutor } from '../../platform/db/client';

/** A count as the driver returns it (PostgreSQL's bigint may arrive as a string). */
const count = z.coerce.number().int();

const accountCounts = z.object({
  total: count,
  careSeekers: count,
  workers: count,
  supportCoordinators: count,
  administrators: count,
  unverified: count,
  deactivated: count,
});
const workerCounts = z.object({ active: count, inactive: count });
const jobCounts = z.object({ open: count, filled: count, closed: count });
const applicationCounts = z.object({ total: count, pending: count });

async function oneRow<T>(db: DbExecutor, query: ReturnType<typeof sql>, schema: z.ZodType<T>): Promise<T> {
  const result = await db.execute(query);
  return schema.parse(result.rows[0]);
}

/**
 * The counts of the admin home (issue 11), one pass over each table. Whole-table counts suit an
 * occasional look by an administrator; nothing a visitor does runs them.
 */
export async function countWhatExists(db: DbExecutor): Promise<Omit<AdminSummary, 'countedAt'>> {
  const accounts = await oneRow(
    db,
    sql`select count(*) as total,
      count(*) filter (where role = 'CS') as "careSeekers",
      count(*) filter (where role = 'CR') as workers,
      count(*) filter (where role = 'SUPPORT') as "supportCoordinators",
      count(*) filter (where role = 'ADMIN') as administrators,
      count(*) filter (where email_verified_at is null) as unverified,
      count(*) filter (where status = 'DEACTIVATED') as deactivated
    from users`,
    accountCounts,
  );
  const workers = await oneRow(
    db,
    sql`select count(*) filter (where status = 'ACTIVE') as active, count(*) filter (where status = 'INACTIVE') as inactive
    from worker_profiles`,
    workerCounts,
  );
  const jobs = await oneRow(
    db,
    sql`select count(*) filter (where status = 'OPEN') as open,
      count(*) filter (where status = 'FILLED') as filled,
      count(*) filter (where status = 'CLOSED') as closed
    from jobs`,
    jobCounts,
  );
  const applications = await oneRow(
    db,
    sql`select count(*) as total, count(*) filter (where status = 'PENDING') as pending from job_applications`,
    applicationCounts,
  );
  return { accounts, workers, jobs, applications };
}
