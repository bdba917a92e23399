import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client';
import { localities } from '../../platform/db/schema/reference';

/** The Modified Monash class of a locality (null where the data set has none). */
export async function mmmClassOfLocality(db: DbExecutor, localityId: number): Promise<number | null> {
  const [row] = await db.select({ mmmClass: localities.mmmClass }).from(localities).where(eq(localities.id, localityId));
  return row?.mmmClass ?? null;
}
