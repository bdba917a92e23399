import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { noNdisSupportItemMessage } from '@tendly/domain/api/contracts';
import { ndisLineItem, ndisTimeBands, supportLevels, type NdisLineItemCode, type NdisTimeBand, type SupportLevel } from '@tendly/domain/ndis-line-items';
import { priceInZone, zoneOfMmm, type PriceZone } from '@tendly/domain/pricing/ndis-catalogue';
import type { StateCode } from '@tendly/domain/states';
import type { DbExecutor } from '../../platform/db/client';
import { localities, ndisSupportItems } from '../../platform/db/schema/reference';

export interface RateRequest {
  lineItem: NdisLineItemCode;
  level: SupportLevel;
  timeOfDay: NdisTimeBand;
}

export interface ResolvedSupportItem {
  number: string;
  name: string;
  unit: 'H' | 'E';
  edition: string;
  /** Cents for the zone; null where no edition in force prices it (quote required). */
  priceLimit: number | null;
  zone: PriceZone;
}

export type Resolution = { ok: true; item: ResolvedSupportItem } | { ok: false; message: string };

/**
 * Preference of a catalogue row's level for the level asked: the exact level first; for level 2,
 * level 1 where no level-2 item exists for the band (spec section 5); then items without a level
 * (groups such as domestic activities have none). Higher is better; -1 never matches.
 */
function levelRank(rowLevel: number | null, wanted: 1 | 2): number {
  if (rowLevel === wanted) return 3;
  if (wanted === 2 && rowLevel === 1) return 2;
  if (rowLevel === null) return 1;
  return -1;
}

/** The band a line item is claimed in: fixed for sleepovers and active overnight, otherwise as chosen. */
export function bandOf(request: RateRequest): NdisTimeBand {
  return ndisLineItem(request.lineItem).fixedTimeBand ?? request.timeOfDay;
}

/**
 * The catalogue item a contract's NDIS rate is claimed as, and its price limit for the zone on a
 * date (ndis.md): the group of the line item, the band, the level (with the level-1 fallback); of
 * the editions in force on the date, the latest one that prices the item for the zone, falling
 * back to an older one (the 2026-27 edition is partial). Among items equally fit, the lowest number.
 */
export async function resolveSupportItem(db: DbExecutor, request: RateRequest, date: string, mmmClass: number | null): Promise<Resolution> {
  const line = ndisLineItem(request.lineItem);
  const band = bandOf(request);
  const wanted = supportLevels.find((level) => level.code === request.level)?.level ?? 1;
  const zone = zoneOfMmm(mmmClass);
  const rows = await db
    .select()
    .from(ndisSupportItems)
    .where(and(eq(ndisSupportItems.lineItemGroup, line.supportItemGroup), inArray(ndisSupportItems.timeBand, [band, 'ANY']), lte(ndisSupportItems.effectiveFrom, date)))
    .orderBy(asc(ndisSupportItems.number), sql`${ndisSupportItems.effectiveFrom} desc`);
  const ranked = rows
    .map((row) => ({ row, rank: levelRank(row.level, wanted) + (row.timeBand === band ? 10 : 0) }))
    .filter((entry) => levelRank(entry.row.level, wanted) >= 0);
  if (ranked.length === 0) {
    const bandLabel = ndisTimeBands.find((option) => option.code === band)?.label ?? band;
    return { ok: false, message: noNdisSupportItemMessage(line.label, bandLabel, date) };
  }
  const best = Math.max(...ranked.map((entry) => entry.rank));
  const number = ranked.find((entry) => entry.rank === best)!.row.number;
  const editions = rows.filter((row) => row.number === number);
  const priced = editions.find((row) => priceInZone(row, zone) !== null) ?? editions[0]!;
  return {
    ok: true,
    item: { number, name: priced.name, unit: priced.unit, edition: priced.edition, priceLimit: priceInZone(priced, zone), zone },
  };
}

/**
 * The MMM class of a place: the locality of that suburb and postcode (in the state when known),
 * else the lowest class among the postcode's localities; null when the postcode is unknown.
 */
export async function mmmClassOf(db: DbExecutor, place: { postcode: string | null; suburb?: string | null; state?: StateCode | null }): Promise<number | null> {
  if (!place.postcode) return null;
  const rows = await db
    .select({ suburb: localities.suburb, state: localities.state, mmmClass: localities.mmmClass })
    .from(localities)
    .where(eq(localities.postcode, place.postcode));
  const suburb = place.suburb?.trim().toLowerCase();
  const exact = rows.find((row) => suburb && row.suburb.toLowerCase() === suburb && (!place.state || row.state === place.state));
  if (exact) return exact.mmmClass;
  const classes = rows.map((row) => row.mmmClass).filter((value): value is number => value !== null);
  return classes.length > 0 ? Math.min(...classes) : null;
}
