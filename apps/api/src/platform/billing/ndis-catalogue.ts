import { NdisCatalogue } from '@tendly/domain/pricing/ndis-catalogue';
import type { DbExecutor } from '../db/client';
import { ndisSupportItems } from '../db/schema/reference';

/**
 * The NDIS support catalogue for the pricing engine, read from `ndis_support_items` once per
 * database and kept: the catalogue is reference data loaded at start-up and never changed while
 * the server runs (a new edition is a new start-up).
 */
const catalogues = new WeakMap<object, Promise<NdisCatalogue>>();

export function ndisCatalogue(db: DbExecutor): Promise<NdisCatalogue> {
  let catalogue = catalogues.get(db);
  if (!catalogue) {
    catalogue = db
      .select()
      .from(ndisSupportItems)
      .then((rows) => new NdisCatalogue(rows));
    // A failed read is not kept: the next request tries again.
    catalogue.catch(() => catalogues.delete(db));
    catalogues.set(db, catalogue);
  }
  return catalogue;
}
