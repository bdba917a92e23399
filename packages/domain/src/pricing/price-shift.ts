import { ndisLineItem, type NdisLineItemCode, type NdisTimeBand, type SupportLevel } from '../ndis-line-items';
import type { StateCode } from '../states';
import { amountCents, hoursHundredthsOfMinutes } from './money';
import { bandLabel, type NdisCatalogue, type PriceZone, type ResolvedItem } from './ndis-catalogue';
import { deductBreak, splitIntoBands, type BandSegment, type ShiftBand } from './time-bands';

/**
 * The pricing engine (issue 14): a shift's start and end instants, the state it was delivered in,
 * the rates and the catalogue in, invoice lines out. Pure: no clock, no database, no I/O.
 */

/** The longest shift one set of hours or one quote may cover. */
export const MAX_SHIFT_MINUTES = 24 * 60;
/** ndis.md "Night-time sleepover": starts before and ends after midnight, at least 8 continuous hours. */
export const SLEEPOVER_MIN_MINUTES = 8 * 60;

export type PricingErrorCode = 'INVALID_SHIFT' | 'NO_ITEM' | 'NO_PRICE' | 'NOT_TIME_PRICED';

/** A shift the engine cannot price, with a message fit to show the person who asked. */
export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

/** The band a line is claimed in: a sleepover is its own band; active overnight is weekday night on a weekday. */
export type LineBand = ShiftBand | Extract<NdisTimeBand, 'SLEEPOVER'>;

export interface PricedLine {
  readonly timeBand: LineBand;
  /** Local date `YYYY-MM-DD` in the state where the support was delivered. */
  readonly date: string;
  readonly startsAtMs: number;
  readonly endsAtMs: number;
  readonly minutes: number;
  /** H: hours; E: each (a sleepover night). */
  readonly unit: 'H' | 'E';
  /** Hours (or units) in hundredths: 2.25 hours is 225. */
  readonly quantityHundredths: number;
  readonly unitPriceCents: number;
  readonly amountCents: number;
  /** The NDIS support item claimed, or null for a line that is not NDIS-funded. */
  readonly supportItem: string | null;
  readonly supportItemName: string | null;
  readonly edition: string | null;
  /** The NDIS price limit for the item, zone and date, where there is an item. */
  readonly priceLimitCents: number | null;
  /** The agreed rate was above the price limit and the limit is charged instead. */
  readonly capped: boolean;
  /** To be reviewed: an older edition's price was used, or the rate was capped. */
  readonly flagged: boolean;
  readonly holiday: string | null;
}

export interface PricedShift {
  readonly lines: PricedLine[];
  readonly totalCents: number;
  readonly minutes: number;
}

interface ShiftTimes {
  readonly startsAtMs: number;
  readonly endsAtMs: number;
  /** The state where the support was delivered: its local clock and its public holidays. */
  readonly state: StateCode;
  /** The client's postcode: the holidays of their part of the state (Melbourne Cup Day, the Tasmanian Regatta). */
  readonly postcode?: string | null;
  /** Unpaid break, taken out of the time worked. */
  readonly breakMinutes?: number;
}

export interface NdisItemTerms {
  readonly lineItem: NdisLineItemCode;
  readonly level: SupportLevel;
  readonly zone: PriceZone;
  readonly catalogue: NdisCatalogue;
}

function checkTimes(times: ShiftTimes): void {
  if (!Number.isFinite(times.startsAtMs) || !Number.isFinite(times.endsAtMs)) throw new PricingError('INVALID_SHIFT', 'Enter a start and an end time');
  if (times.endsAtMs <= times.startsAtMs) throw new PricingError('INVALID_SHIFT', 'The end time must be after the start time');
  if (times.endsAtMs - times.startsAtMs > MAX_SHIFT_MINUTES * 60_000) throw new PricingError('INVALID_SHIFT', 'A shift can be at most 24 hours long');
}

function segmentsOf(times: ShiftTimes): BandSegment[] {
  checkTimes(times);
  const segments = splitIntoBands(times.startsAtMs, times.endsAtMs, times.state, times.postcode);
  const breakMinutes = times.breakMinutes ?? 0;
  if (breakMinutes === 0) return segments;
  const worked = segments.reduce((sum, segment) => sum + segment.minutes, 0);
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0) throw new PricingError('INVALID_SHIFT', 'Enter the break in whole minutes');
  if (breakMinutes >= worked) throw new PricingError('INVALID_SHIFT', 'The break must be shorter than the shift');
  return deductBreak(segments, breakMinutes);
}

/** The band a segment's time is claimed in for a line item: active overnight is weekday night on any weekday hour. */
export function claimBand(lineItem: NdisLineItemCode | null, band: ShiftBand): ShiftBand {
  if (lineItem === 'ACTIVE_OVERNIGHT' && band.startsWith('WEEKDAY_')) return 'WEEKDAY_NIGHT';
  return band;
}

function resolveItem(terms: NdisItemTerms, band: LineBand, date: string): ResolvedItem {
  // Active overnight is claimed as the self-care item of the band (weekday night on weekdays).
  const lineItem = terms.lineItem === 'ACTIVE_OVERNIGHT' ? 'SELF_CARE' : terms.lineItem;
  const resolution = terms.catalogue.resolve({ lineItem, level: terms.level, band, date, zone: terms.zone });
  if (!resolution.ok) throw new PricingError(resolution.reason, resolution.message);
  if (band !== 'SLEEPOVER' && resolution.item.unit !== 'H') {
    throw new PricingError('NOT_TIME_PRICED', `${ndisLineItem(terms.lineItem).label} is claimed by the item, not by the hour.`);
  }
  return resolution.item;
}

function line(segment: Pick<BandSegment, 'date' | 'startsAtMs' | 'endsAtMs' | 'minutes' | 'holiday'>, band: LineBand, unitPriceCents: number, item: ResolvedItem | null, capped: boolean): PricedLine {
  const unit = band === 'SLEEPOVER' ? 'E' : 'H';
  const quantityHundredths = unit === 'E' ? 100 : hoursHundredthsOfMinutes(segment.minutes);
  return {
    timeBand: band,
    date: segment.date,
    startsAtMs: segment.startsAtMs,
    endsAtMs: segment.endsAtMs,
    minutes: segment.minutes,
    unit,
    quantityHundredths,
    unitPriceCents,
    amountCents: amountCents(quantityHundredths, unitPriceCents),
    supportItem: item?.number ?? null,
    supportItemName: item?.name ?? null,
    edition: item?.edition ?? null,
    priceLimitCents: item?.priceCents ?? null,
    capped,
    flagged: capped || (item?.flagged ?? false),
    holiday: segment.holiday,
  };
}

function total(lines: readonly PricedLine[]): PricedShift {
  return {
    lines: [...lines],
    totalCents: lines.reduce((sum, priced) => sum + priced.amountCents, 0),
    minutes: lines.reduce((sum, priced) => sum + priced.minutes, 0),
  };
}

/**
 * A night-time sleepover (ndis.md): one unit per night, dated the night it began. It must start
 * before and end after local midnight and last at least 8 hours.
 */
function sleepoverNights(times: ShiftTimes): BandSegment[] {
  checkTimes(times);
  const segments = splitIntoBands(times.startsAtMs, times.endsAtMs, times.state, times.postcode);
  const minutes = Math.round((times.endsAtMs - times.startsAtMs) / 60_000);
  const dates = [...new Set(segments.map((segment) => segment.date))];
  if (dates.length < 2 || minutes < SLEEPOVER_MIN_MINUTES) {
    throw new PricingError('INVALID_SHIFT', 'A night-time sleepover must start before and end after midnight, and last at least 8 hours');
  }
  // One night for each midnight crossed; a shift is at most 24 hours, so this is one night.
  const first = segments[0]!;
  return [{ ...first, endsAtMs: times.endsAtMs, minutes, holiday: null }];
}

/** A shift priced at the NDIS price limits (the cost estimate and `POST /api/pricing/ndis-quote`). */
export function priceNdisShift(times: ShiftTimes, terms: NdisItemTerms): PricedShift {
  if (terms.lineItem === 'SLEEPOVER') {
    return total(
      sleepoverNights(times).map((night) => {
        const item = resolveItem(terms, 'SLEEPOVER', night.date);
        return line(night, 'SLEEPOVER', item.priceCents, item, false);
      }),
    );
  }
  return total(
    segmentsOf(times).map((segment) => {
      const band = claimBand(terms.lineItem, segment.band);
      const item = resolveItem(terms, band, segment.date);
      return line(segment, band, item.priceCents, item, false);
    }),
  );
}

/** A contract's hourly rates per band, in cents (spec section 3 Contract). */
export type BandRates = Readonly<Record<ShiftBand, number>>;

export interface ContractTerms {
  readonly rates: BandRates;
  /** The agreed rate a night of sleepover, for a sleepover line. */
  readonly sleepoverRateCents?: number | null;
  /** For an NDIS-funded client: each line carries its support item, and a rate above the limit is capped. */
  readonly ndis?: NdisItemTerms | null;
}

/**
 * A shift priced at a contract's rates: one line per band and local date at that band's rate.
 * For an NDIS-funded client each line carries the support item of its band and date, and a rate
 * above the item's price limit for the zone is charged at the limit and flagged.
 */
export function priceContractShift(times: ShiftTimes, terms: ContractTerms): PricedShift {
  const ndis = terms.ndis ?? null;
  if (ndis?.lineItem === 'SLEEPOVER') {
    const rate = terms.sleepoverRateCents;
    if (!rate) throw new PricingError('NO_PRICE', 'The agreement has no rate for a night-time sleepover.');
    return total(
      sleepoverNights(times).map((night) => {
        const item = resolveItem(ndis, 'SLEEPOVER', night.date);
        const capped = rate > item.priceCents;
        return line(night, 'SLEEPOVER', capped ? item.priceCents : rate, item, capped);
      }),
    );
  }
  return total(
    segmentsOf(times).map((segment) => {
      const band = claimBand(ndis?.lineItem ?? null, segment.band);
      const rate = terms.rates[band];
      if (!Number.isSafeInteger(rate) || rate < 0) throw new PricingError('NO_PRICE', `The agreement has no rate for ${bandLabel(band).toLowerCase()}.`);
      if (!ndis) return line(segment, band, rate, null, false);
      const item = resolveItem(ndis, band, segment.date);
      const capped = rate > item.priceCents;
      return line(segment, band, capped ? item.priceCents : rate, item, capped);
    }),
  );
}
