import { ndisLineItem, ndisTimeBands, supportLevels, type NdisLineItemCode, type NdisTimeBand, type SupportLevel } from '../ndis-line-items';

/**
 * The NDIS support catalogue as the pricing engine reads it (ndis.md "Support items"): every item
 * of every edition, never overwritten. The rows come from `ndis_support_items` (the API loads them
 * once), so no price is written in code.
 */
export interface CatalogueItem {
  readonly number: string;
  readonly name: string;
  readonly lineItemGroup: string;
  readonly level: number | null;
  readonly timeBand: string;
  readonly unit: 'H' | 'E';
  readonly priceNationalCents: number | null;
  readonly priceRemoteCents: number | null;
  readonly priceVeryRemoteCents: number | null;
  readonly edition: string;
  /** `YYYY-MM-DD`: the edition is in force from this date (1 July). */
  readonly effectiveFrom: string;
}

export type PriceZone = 'NATIONAL' | 'REMOTE' | 'VERY_REMOTE';

/** ndis.md "Location loading": Modified Monash 6 is remote, 7 very remote, 1 to 5 (or unknown) national. */
export function zoneOfMmm(mmmClass: number | null): PriceZone {
  if (mmmClass === 7) return 'VERY_REMOTE';
  if (mmmClass === 6) return 'REMOTE';
  return 'NATIONAL';
}

export interface ResolvedItem {
  readonly number: string;
  readonly name: string;
  readonly unit: 'H' | 'E';
  /** The edition whose price is used. */
  readonly edition: string;
  /** The price limit for the zone, in cents. */
  readonly priceCents: number;
  readonly zone: PriceZone;
  /** The edition in force on the date lacks this item (or its price for the zone): an older edition's price is used, to be reviewed. */
  readonly flagged: boolean;
}

export type ItemResolution = { readonly ok: true; readonly item: ResolvedItem } | { readonly ok: false; readonly reason: 'NO_ITEM' | 'NO_PRICE'; readonly message: string };

export interface ItemRequest {
  readonly lineItem: NdisLineItemCode;
  readonly level: SupportLevel;
  /** The band of the time worked (a fixed-band line item such as a sleepover overrides it). */
  readonly band: NdisTimeBand;
  /** The local date the support was delivered, `YYYY-MM-DD`. */
  readonly date: string;
  readonly zone: PriceZone;
}

/** A catalogue item's price limit in a zone, in cents; null where the item has none there. */
export function priceInZone(item: Pick<CatalogueItem, 'priceNationalCents' | 'priceRemoteCents' | 'priceVeryRemoteCents'>, zone: PriceZone): number | null {
  if (zone === 'VERY_REMOTE') return item.priceVeryRemoteCents;
  if (zone === 'REMOTE') return item.priceRemoteCents;
  return item.priceNationalCents;
}

/**
 * How well an item's level fits the level asked for: the exact level first; for level 2, level 1
 * where no level-2 item exists for the band (spec section 5). An item without a level fits only in
 * a group whose items have none (domestic activities): in a levelled group such as self-care, the
 * level-less items are other supports (intensive and complex behaviour supports) and never stand
 * in for a missing level. -1 never fits.
 */
function levelFit(itemLevel: number | null, wanted: number, groupIsLevelled: boolean): number {
  if (itemLevel === wanted) return 3;
  if (wanted === 2 && itemLevel === 1) return 2;
  if (itemLevel === null && !groupIsLevelled) return 1;
  return -1;
}

export function bandLabel(band: NdisTimeBand): string {
  return ndisTimeBands.find((option) => option.code === band)?.label ?? band;
}

/** "The NDIS has no community access support item for weekday night." (the 422 of issue 14) */
export function noSupportItemMessage(lineItem: NdisLineItemCode, band: NdisTimeBand): string {
  return `The NDIS has no ${ndisLineItem(lineItem).label.toLowerCase()} support item for ${bandLabel(band).toLowerCase()}.`;
}

export class NdisCatalogue {
  private readonly editions: { edition: string; effectiveFrom: string }[];
  private readonly byGroup = new Map<string, CatalogueItem[]>();
  private readonly resolved = new Map<string, ItemResolution>();

  constructor(items: readonly CatalogueItem[]) {
    const editions = new Map<string, string>();
    for (const item of items) {
      editions.set(item.edition, item.effectiveFrom);
      const group = this.byGroup.get(item.lineItemGroup) ?? [];
      group.push(item);
      this.byGroup.set(item.lineItemGroup, group);
    }
    this.editions = [...editions].map(([edition, effectiveFrom]) => ({ edition, effectiveFrom })).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
  }

  /** The edition in force on a local date: the latest one that started on or before it, or null before the first. */
  editionInForce(date: string): string | null {
    return this.editions.find((edition) => edition.effectiveFrom <= date)?.edition ?? null;
  }

  /**
   * The catalogue item for a line item, level and band on a date, priced for the zone: the line
   * item's group, the band (or an item priced the same at any time), the best-fitting level, the
   * lowest number among equals; the edition in force on the date, else the latest earlier edition
   * that prices it for the zone (flagged for review).
   */
  resolve(request: ItemRequest): ItemResolution {
    const inForce = this.editionInForce(request.date);
    const key = `${request.lineItem}|${request.level}|${request.band}|${inForce}|${request.zone}`;
    let resolution = this.resolved.get(key);
    if (!resolution) {
      resolution = this.resolveUncached(request, inForce);
      this.resolved.set(key, resolution);
    }
    return resolution;
  }

  /**
   * The provider travel non-labour item for a support (ndis.md "Travel"; payments-ops.md "Claim
   * types"): kilometres and on-charged travel costs are claimed on the `_799_` item of the
   * support's own category (the number's first part) and, where one exists, its registration group
   * (the third part): 01_011_0107_1_1 travels on 01_799_0107_1_1, 04_104_0125_6_1 on
   * 04_799_0125_6_1. The edition in force on the date, else the latest earlier one; null when the
   * catalogue has no travel item for the support's category.
   */
  providerTravelItem(serviceItemNumber: string, date: string): { number: string; name: string; edition: string; flagged: boolean } | null {
    const [category, , group] = serviceItemNumber.split('_');
    const inForce = this.editionInForce(date);
    const inForceFrom = this.editions.find((edition) => edition.edition === inForce)?.effectiveFrom;
    if (!category || inForceFrom === undefined) return null;
    const travel = (this.byGroup.get('OTHER') ?? []).filter((item) => item.number.startsWith(`${category}_799_`) && item.effectiveFrom <= inForceFrom);
    const sameGroup = travel.filter((item) => item.number.split('_')[2] === group);
    const pool = sameGroup.length > 0 ? sameGroup : travel;
    const number = pool.map((item) => item.number).sort()[0];
    if (!number) return null;
    const latest = pool.filter((item) => item.number === number).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0]!;
    return { number, name: latest.name, edition: latest.edition, flagged: latest.edition !== inForce };
  }

  private resolveUncached(request: ItemRequest, inForce: string | null): ItemResolution {
    const line = ndisLineItem(request.lineItem);
    const band = line.fixedTimeBand ?? request.band;
    const wanted = supportLevels.find((level) => level.code === request.level)?.level ?? 1;
    const inForceFrom = this.editions.find((edition) => edition.edition === inForce)?.effectiveFrom;
    const group = this.byGroup.get(line.supportItemGroup) ?? [];
    const groupIsLevelled = group.some((item) => item.level !== null);
    const candidates = group.filter(
      (item) => inForceFrom !== undefined && item.effectiveFrom <= inForceFrom && (item.timeBand === band || item.timeBand === 'ANY') && levelFit(item.level, wanted, groupIsLevelled) >= 0,
    );
    if (candidates.length === 0) return { ok: false, reason: 'NO_ITEM', message: noSupportItemMessage(request.lineItem, band) };
    const fit = (item: CatalogueItem) => levelFit(item.level, wanted, groupIsLevelled) + (item.timeBand === band ? 10 : 0);
    const best = Math.max(...candidates.map(fit));
    const number = candidates
      .filter((item) => fit(item) === best)
      .map((item) => item.number)
      .sort()[0]!;
    const versions = candidates.filter((item) => item.number === number).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
    const priced = versions.find((item) => priceInZone(item, request.zone) !== null);
    if (!priced) {
      return { ok: false, reason: 'NO_PRICE', message: `${ndisLineItem(request.lineItem).label} (${number}) has no NDIS price limit for ${bandLabel(band)}; it is priced by quote.` };
    }
    return {
      ok: true,
      item: {
        number,
        name: priced.name,
        unit: priced.unit,
        edition: priced.edition,
        priceCents: priceInZone(priced, request.zone)!,
        zone: request.zone,
        flagged: priced.edition !== inForce,
      },
    };
  }
}
