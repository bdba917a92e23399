import type { CancellationReasonCode } from '../api/bookings';
import type { GstCode, InvoiceLineKind } from '../api/invoices';
import { type NdisLineItemCode, type NdisTimeBand, type SupportLevel } from '../ndis-line-items';
import type { NdiaClaimType } from '../payments/ndia-claims';
import type { StateCode } from '../states';
import { amountCents, gstOfCents, shareOfCents } from './money';
import type { NdisCatalogue, PriceZone } from './ndis-catalogue';
import { priceContractShift, PricingError, type BandRates, type LineBand, type PricedLine } from './price-shift';

/**
 * A job report (submitted hours, or a short-notice cancellation) priced as its invoice will be
 * (issue 14, workflows.md "Hours, job reports and invoices"): the service lines by the engine at
 * the contract's rates, travel as kilometres × the travel rate, expenses at cost, GST per line.
 * Pure: the API loads the terms and the catalogue and hands them in.
 */

/** A contract's agreed hourly rates (spec section 3 Contract), in cents. */
export interface ContractRates {
  readonly weekdayCents: number;
  readonly eveningCents: number;
  /** The spec's rateForOverniteCare ("active overnight"); optional on an agreement. */
  readonly overnightCents: number | null;
  readonly saturdayCents: number;
  readonly sundayCents: number;
  readonly publicHolidayCents: number;
}

/**
 * The rate of each band. Weekday night (00:00 to 06:00) is the agreement's active overnight rate;
 * an agreement without one (the offer form leaves it optional) charges those hours at its evening
 * rate, the nearest unsocial-hours rate the parties did agree, rather than refusing to invoice
 * hours that were worked.
 */
export function bandRatesOf(rates: ContractRates): BandRates {
  return {
    WEEKDAY_DAYTIME: rates.weekdayCents,
    WEEKDAY_EVENING: rates.eveningCents,
    WEEKDAY_NIGHT: rates.overnightCents ?? rates.eveningCents,
    SATURDAY: rates.saturdayCents,
    SUNDAY: rates.sundayCents,
    PUBLIC_HOLIDAY: rates.publicHolidayCents,
  };
}

/** An NDIS rate of the contract (spec section 3: amount, timeOfDay, lineItem, level). */
export interface ContractNdisRate {
  readonly lineItem: NdisLineItemCode;
  readonly level: SupportLevel;
  readonly timeOfDay: NdisTimeBand;
  readonly amountCents: number;
}

export interface JobReportTerms {
  readonly rates: ContractRates;
  /** Cents a kilometre. */
  readonly travelPerKmCents: number;
  /** The share of a booked shift a short-notice cancellation charges (0 to 100). */
  readonly cancellationChargePercent: number;
  readonly ndisFunded: boolean;
  /** The client's price zone (Modified Monash 6 remote, 7 very remote, else national). */
  readonly zone: PriceZone;
  readonly gstRegistered: boolean;
  readonly ndisRates: readonly ContractNdisRate[];
}

export interface JobReportExpense {
  readonly description: string;
  readonly amountCents: number;
  /** A true disbursement: paid as the client's agent, in their name (see `gstCodeOfLine`). */
  readonly paidAsAgent?: boolean;
}

export interface JobReportToPrice {
  readonly kind: 'SHIFT' | 'CANCELLATION';
  readonly startsAtMs: number;
  readonly endsAtMs: number;
  /** The state where the support is delivered: its local clock and public holidays. */
  readonly state: StateCode;
  /** The client's postcode, beside the state: the holidays kept in part of a state only. */
  readonly postcode?: string | null;
  readonly breakMinutes: number;
  /** Kilometres in tenths (12.5 km is 125). */
  readonly travelTenthKm: number;
  readonly travelNote: string;
  readonly expenses: readonly JobReportExpense[];
  /** The NDIS line item claimed; null for the contract's first NDIS rate. */
  readonly ndisLineItem: NdisLineItemCode | null;
  readonly ndisLevel: SupportLevel | null;
  readonly cancellationReasonCode: CancellationReasonCode | null;
  /** The charge recorded on the cancellation; null for the contract's. */
  readonly cancellationChargePercent: number | null;
}

/** What a booked shift is priced from before its hours are known: its times and place, and its NDIS item where one is chosen. */
export type BookedShiftToPrice = Pick<JobReportToPrice, 'startsAtMs' | 'endsAtMs' | 'state' | 'postcode'> &
  Partial<Pick<JobReportToPrice, 'ndisLineItem' | 'ndisLevel'>>;

/**
 * A booked shift as the engine prices it before hours are reported: the booked times, no break,
 * travel or expenses (not known yet), and not a cancellation. The funding wallet's committed
 * spending, an estimate at an agreement's rates and the auto-charge limit all price it so.
 */
export function bookedShiftToPrice(shift: BookedShiftToPrice): JobReportToPrice {
  return {
    kind: 'SHIFT',
    breakMinutes: 0,
    travelTenthKm: 0,
    travelNote: '',
    expenses: [],
    cancellationReasonCode: null,
    cancellationChargePercent: null,
    ...shift,
    ndisLineItem: shift.ndisLineItem ?? null,
    ndisLevel: shift.ndisLevel ?? null,
  };
}

/** An invoice line before it is stored: integer cents, quantities in hundredths. */
export interface InvoiceLineDraft {
  readonly kind: InvoiceLineKind;
  readonly description: string;
  readonly date: string | null;
  readonly timeBand: LineBand | null;
  readonly minutes: number | null;
  readonly quantityHundredths: number;
  readonly unit: 'H' | 'E' | 'KM';
  readonly unitPriceCents: number;
  readonly amountCents: number;
  readonly gstCode: GstCode;
  readonly gstCents: number;
  readonly supportItemNumber: string | null;
  readonly supportItemName: string | null;
  readonly edition: string | null;
  readonly priceLimitCents: number | null;
  readonly capped: boolean;
  readonly flagged: boolean;
  readonly claimType: NdiaClaimType | null;
  readonly cancellationReason: CancellationReasonCode | null;
  /** An expense paid as the client's agent: a true disbursement, outside the worker's supply. */
  readonly disbursement: boolean;
}

export interface PricedJobReport {
  readonly lines: InvoiceLineDraft[];
  /** Before GST. */
  readonly subtotalCents: number;
  readonly gstCents: number;
  readonly totalCents: number;
  /**
   * The platform fee's base: the worker's hourly amounts (service and cancellation lines, before
   * GST), never travel, expenses or GST (workflows.md "Platform fee").
   */
  readonly hourlyCents: number;
}

/**
 * The GST code of a line (ndis.md "GST"; the ATO's GST-free NDIS supplies, GST Act s 38-38):
 * - for an NDIS-funded client every line is P2, GST-free: the supports (and the travel and the
 *   costs on-charged with them, which are part of the same supply) are reasonable and necessary
 *   supports supplied to a participant under their plan with a written agreement (the service
 *   agreement), so no GST is charged whoever supplies them, and an NDIS invoice stays within the
 *   price limits. A disbursement on an NDIS invoice stays P2 too: the plan manager and the NDIA
 *   expect every line of a participant's supports to carry the GST-free code;
 * - otherwise a GST-registered worker's lines are P1, taxable at 10%, expenses included (issue 28):
 *   a cost the worker incurs in supplying the care and on-charges is part of the price of their
 *   taxable supply, not a separate reimbursement (ATO, GSTR 2000/37 on agency and disbursements;
 *   payments-ops.md "Invoices"). The expense is entered at its cost to the worker net of any GST
 *   credit they claim for it, and GST is added like on any other taxable line;
 * - a true disbursement of a registered worker is P5, no GST: a cost the worker paid as the
 *   client's agent, for something the client acquires in their own name (a pharmacy item bought
 *   for them), is not part of the worker's supply, so the worker makes no supply of it and adds no
 *   GST; it is passed on at the exact amount paid (GSTR 2000/37, "payments as agent");
 * - otherwise P5: a worker who is not registered for GST makes no taxable supply and charges none
 *   (the invoice says "no GST: supplier not registered", `gstLineMeaning`), disbursement or not.
 */
export function gstCodeOfLine(
  _kind: InvoiceLineKind,
  terms: Pick<JobReportTerms, 'ndisFunded' | 'gstRegistered'>,
  options: { readonly disbursement?: boolean } = {},
): GstCode {
  if (terms.ndisFunded) return 'P2';
  if (!terms.gstRegistered) return 'P5';
  return options.disbursement ? 'P5' : 'P1';
}

/** The line item an NDIS-funded job report claims: the one chosen with the hours, else the contract's first NDIS rate. */
function ndisClaim(report: JobReportToPrice, terms: JobReportTerms): { lineItem: NdisLineItemCode; level: SupportLevel } {
  const lineItem = report.ndisLineItem ?? terms.ndisRates[0]?.lineItem;
  if (!lineItem) throw new PricingError('NO_ITEM', 'The service agreement lists no NDIS support item to claim these hours as.');
  const level = report.ndisLevel ?? terms.ndisRates.find((rate) => rate.lineItem === lineItem)?.level ?? 'ONE';
  return { lineItem, level };
}

/**
 * The rate of each band for an NDIS line item: where the agreement sets an NDIS rate for that
 * item and time of day, that rate; otherwise the agreement's hourly rate of the band.
 */
function ndisBandRates(terms: JobReportTerms, lineItem: NdisLineItemCode, level: SupportLevel): { rates: BandRates; sleepoverRateCents: number | null } {
  const agreed = (band: NdisTimeBand) =>
    terms.ndisRates.find((rate) => rate.lineItem === lineItem && rate.level === level && rate.timeOfDay === band)?.amountCents ??
    terms.ndisRates.find((rate) => rate.lineItem === lineItem && rate.timeOfDay === band)?.amountCents;
  const base = bandRatesOf(terms.rates);
  const rates: BandRates = {
    WEEKDAY_DAYTIME: agreed('WEEKDAY_DAYTIME') ?? base.WEEKDAY_DAYTIME,
    WEEKDAY_EVENING: agreed('WEEKDAY_EVENING') ?? base.WEEKDAY_EVENING,
    WEEKDAY_NIGHT: agreed('WEEKDAY_NIGHT') ?? base.WEEKDAY_NIGHT,
    SATURDAY: agreed('SATURDAY') ?? base.SATURDAY,
    SUNDAY: agreed('SUNDAY') ?? base.SUNDAY,
    PUBLIC_HOLIDAY: agreed('PUBLIC_HOLIDAY') ?? base.PUBLIC_HOLIDAY,
  };
  return { rates, sleepoverRateCents: agreed('SLEEPOVER') ?? null };
}

/**
 * What a line of hours is for: the NDIS support item's name, or "Care and support" at the agreed
 * rates, and the public holiday that set its band. The band itself has its own field (and column).
 */
function serviceDescription(line: PricedLine): string {
  const what = line.supportItemName ?? 'Care and support';
  return line.holiday ? `${what} on ${line.holiday}` : what;
}

function withGst(line: Omit<InvoiceLineDraft, 'gstCode' | 'gstCents'>, terms: JobReportTerms): InvoiceLineDraft {
  const gstCode = gstCodeOfLine(line.kind, terms, { disbursement: line.disbursement });
  return { ...line, gstCode, gstCents: gstCode === 'P1' ? gstOfCents(line.amountCents) : 0 };
}

/** "12.5" for 125 tenths, "12" for 120, "1,250" for 12,500: written out, as Intl is slow on this path. */
export function kilometresText(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${tenth ? `.${tenth}` : ''}`;
}

/** The unit price of a cancelled shift's line: the charge percent of the agreed price, half-up to the cent. */
export function cancellationUnitPriceCents(unitPriceCents: number, chargePercent: number): number {
  if (!Number.isInteger(chargePercent) || chargePercent < 0 || chargePercent > 100) throw new RangeError('A cancellation charge is 0 to 100 percent');
  return shareOfCents(unitPriceCents, chargePercent * 100);
}

/**
 * Prices a job report. Throws PricingError for what cannot be priced (a band with no NDIS item,
 * an end before the start, a break as long as the shift), with a message fit to show.
 */
export function priceJobReport(report: JobReportToPrice, terms: JobReportTerms, catalogue: NdisCatalogue | null): PricedJobReport {
  const isCancellation = report.kind === 'CANCELLATION';
  const times = { startsAtMs: report.startsAtMs, endsAtMs: report.endsAtMs, state: report.state, postcode: report.postcode ?? null, breakMinutes: isCancellation ? 0 : report.breakMinutes };
  let shift;
  if (terms.ndisFunded) {
    if (!catalogue) throw new Error('An NDIS-funded job report is priced with the NDIS catalogue');
    const claim = ndisClaim(report, terms);
    const { rates, sleepoverRateCents } = ndisBandRates(terms, claim.lineItem, claim.level);
    shift = priceContractShift(times, { rates, sleepoverRateCents, ndis: { ...claim, zone: terms.zone, catalogue } });
  } else {
    shift = priceContractShift(times, { rates: bandRatesOf(terms.rates) });
  }

  const lines: InvoiceLineDraft[] = [];
  const chargePercent = report.cancellationChargePercent ?? terms.cancellationChargePercent;
  for (const priced of shift.lines) {
    const common = {
      date: priced.date,
      timeBand: priced.timeBand,
      minutes: priced.minutes,
      quantityHundredths: priced.quantityHundredths,
      unit: priced.unit,
      supportItemNumber: priced.supportItem,
      supportItemName: priced.supportItemName,
      edition: priced.edition,
      priceLimitCents: priced.priceLimitCents,
      capped: priced.capped,
      flagged: priced.flagged,
    };
    if (isCancellation) {
      // ndis.md "Cancellations": the same item, claim type CANC with its reason, at the agreed share of the booked shift.
      const unitPriceCents = cancellationUnitPriceCents(priced.unitPriceCents, chargePercent);
      lines.push(
        withGst(
          {
            ...common,
            kind: 'CANCELLATION',
            description: `Short-notice cancellation, ${chargePercent}% of the booked shift: ${serviceDescription(priced)}`,
            unitPriceCents,
            amountCents: amountCents(priced.quantityHundredths, unitPriceCents),
            claimType: 'CANC',
            cancellationReason: report.cancellationReasonCode,
            disbursement: false,
          },
          terms,
        ),
      );
    } else {
      lines.push(withGst({ ...common, kind: 'SERVICE', description: serviceDescription(priced), unitPriceCents: priced.unitPriceCents, amountCents: priced.amountCents, claimType: null, cancellationReason: null, disbursement: false }, terms));
    }
  }

  // NDIS-funded travel and on-charged costs are claimed on the provider travel non-labour item of
  // the support, claim type TRAN (issue 28; ndis.md "Travel"), so an agency-managed invoice with
  // travel can be claimed; the line keeps its kilometres and the claim file writes it as dollars.
  const firstService = shift.lines[0];
  const travelItem = terms.ndisFunded && catalogue && firstService?.supportItem ? catalogue.providerTravelItem(firstService.supportItem, firstService.date) : null;
  const travelClaim = travelItem
    ? { supportItemNumber: travelItem.number, supportItemName: travelItem.name, edition: travelItem.edition, flagged: travelItem.flagged, claimType: 'TRAN' as const }
    : { supportItemNumber: null, supportItemName: null, edition: null, flagged: false, claimType: null };

  // Travel and expenses go with worked hours only: a cancellation claims neither (ndis.md "Cancellations").
  if (!isCancellation && report.travelTenthKm > 0) {
    const quantityHundredths = report.travelTenthKm * 10;
    const km = kilometresText(report.travelTenthKm);
    lines.push(
      withGst(
        {
          kind: 'TRAVEL',
          description: report.travelNote ? `Travel, ${km} km: ${report.travelNote}` : `Travel, ${km} km`,
          date: shift.lines[0]?.date ?? null,
          timeBand: null,
          minutes: null,
          quantityHundredths,
          unit: 'KM',
          unitPriceCents: terms.travelPerKmCents,
          amountCents: amountCents(quantityHundredths, terms.travelPerKmCents),
          ...travelClaim,
          priceLimitCents: null,
          capped: false,
          cancellationReason: null,
          disbursement: false,
        },
        terms,
      ),
    );
  }
  if (!isCancellation) {
    for (const expense of report.expenses) {
      lines.push(
        withGst(
          {
            kind: 'EXPENSE',
            description: expense.description,
            date: shift.lines[0]?.date ?? null,
            timeBand: null,
            minutes: null,
            quantityHundredths: 100,
            unit: 'E',
            unitPriceCents: expense.amountCents,
            amountCents: expense.amountCents,
            ...travelClaim,
            priceLimitCents: null,
            capped: false,
            cancellationReason: null,
            disbursement: expense.paidAsAgent === true,
          },
          terms,
        ),
      );
    }
  }
  return totalsOf(lines);
}

/** Sums the lines: the subtotal before GST, the GST of the taxable lines, and the fee base. */
export function totalsOf(lines: InvoiceLineDraft[]): PricedJobReport {
  let subtotalCents = 0;
  let gstCents = 0;
  let hourlyCents = 0;
  for (const line of lines) {
    subtotalCents += line.amountCents;
    gstCents += line.gstCents;
    if (line.kind === 'SERVICE' || line.kind === 'CANCELLATION') hourlyCents += line.amountCents;
  }
  return { lines, subtotalCents, gstCents, totalCents: subtotalCents + gstCents, hourlyCents };
}

/** The platform fee: basis points (900 is 9%) of the hourly amounts, half-up to the cent. */
export function platformFeeCents(hourlyCents: number, basisPoints: number): number {
  return shareOfCents(hourlyCents, basisPoints);
}
