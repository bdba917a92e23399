import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client';
import { localities } from '../../platform/db/schema/reference';
import type { LocalityName } from './locality-index';

/** Every suburb name with its state, postcode and remoteness: about 18,500 rows, read once per process. */
export async function selectLocalityNames(db: DbExecutor): Promise<LocalityName[]> {
  return db
    .select({
      suburb: localities.suburb,
      state: localities.state,
      postcode: sql<string>`${localities.postcode}::text`,
      mmmClass: localities.mmmClass,
    })
    .from(localities);
}
