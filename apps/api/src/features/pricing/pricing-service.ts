import type { z } from 'zod';
import {
  ESTIMATE_CONTRACT_NOT_FOUND,
  type contractEstimateRequestSchema,
  type contractEstimateResponseSchema,
  type NdisQuote,
  type ndisQuoteRequestSchema,
} from '@tendly/domain/api/invoices';
import { hoursHundredthsOfMinutes, hundredthsToNumber } from '@tendly/domain/pricing/money';
import { zoneOfMmm } from '@tendly/domain/pricing/ndis-catalogue';
import { bookedShiftToPrice, priceJobReport } from '@tendly/domain/pricing/price-job-report';
import { priceNdisShift, PricingError } from '@tendly/domain/pricing/price-shift';
import { stateTimeZone } from '@tendly/domain/states';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { ndisCatalogue } from '../../platform/billing/ndis-catalogue';
import { unpriceable } from '../../platform/billing/price-timesheet';
import { loadContractPricingTerms } from '../../platform/billing/pricing-terms';
import type { DbExecutor } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { instantOf } from '../../platform/http/local-date-time';
import { resolveLocality } from '../../platform/places/place-lookup';
import { mmmClassOfLocality } from './pricing-repository';

/**
 * The engine's refusals as the API answers them: a shift that is not one (an end not after the
 * start, longer than 24 hours) is a 400 on `end`; a band or item that cannot be priced is a 422
 * naming it.
 */
function asHttpError(error: unknown): unknown {
  if (!(error instanceof PricingError)) return error;
  if (error.code === 'INVALID_SHIFT') return badRequest(error.message, { end: error.message });
  return unpriceable(error.message);
}

type QuoteBody = z.output<typeof ndisQuoteRequestSchema>;

/**
 * POST /api/pricing/ndis-quote (issue 14): a support's cost at the NDIS price limits, for anyone.
 * The location is read as the search reads it (a suburb, "suburb STATE postcode" or a postcode)
 * and gives the state (local clock and public holidays) and the Modified Monash class (zone).
 */
export async function ndisQuote(db: DbExecutor, body: QuoteBody): Promise<NdisQuote> {
  const locality = await resolveLocality(db, body.location);
  const mmm = await mmmClassOfLocality(db, locality.id);
  const timeZone = stateTimeZone(locality.state);
  const times = { startsAtMs: instantOf(body.start, timeZone, 'start').getTime(), endsAtMs: instantOf(body.end, timeZone, 'end').getTime(), state: locality.state, postcode: locality.postcode };
  const catalogue = await ndisCatalogue(db);
  let priced;
  try {
    priced = priceNdisShift(times, { lineItem: body.category, level: body.level, zone: zoneOfMmm(mmm), catalogue });
  } catch (error) {
    throw asHttpError(error);
  }
  return {
    state: locality.state,
    mmm,
    lines: priced.lines.map((line) => ({
      supportItem: line.supportItem!,
      supportItemName: line.supportItemName!,
      timeBand: line.timeBand,
      date: line.date,
      minutes: line.minutes,
      hours: hundredthsToNumber(hoursHundredthsOfMinutes(line.minutes)),
      unit: line.unit,
      quantity: hundredthsToNumber(line.quantityHundredths),
      unitPriceCents: line.unitPriceCents,
      amountCents: line.amountCents,
      edition: line.edition!,
      flagged: line.flagged,
    })),
    totalCents: priced.totalCents,
  };
}

type EstimateBody = z.output<typeof contractEstimateRequestSchema>;

/**
 * POST /api/pricing/contract-estimate: one shift's cost at a service agreement's rates, as it
 * would be invoiced (the same engine), for the agreement's two parties; anyone else gets 404.
 */
export async function contractEstimate(db: DbExecutor, auth: RequestAuth, body: EstimateBody): Promise<z.infer<typeof contractEstimateResponseSchema>> {
  const terms = await loadContractPricingTerms(db, body.contractId);
  if (!terms || (terms.workerId !== auth.user.id && terms.careSeekerId !== auth.user.id)) throw notFound(ESTIMATE_CONTRACT_NOT_FOUND);
  const timeZone = stateTimeZone(terms.state);
  const report = bookedShiftToPrice({
    startsAtMs: instantOf(body.start, timeZone, 'start').getTime(),
    endsAtMs: instantOf(body.end, timeZone, 'end').getTime(),
    state: terms.state,
    postcode: terms.postcode,
    ndisLineItem: body.ndisLineItem,
  });
  const catalogue = terms.ndisFunded ? await ndisCatalogue(db) : null;
  let priced;
  try {
    priced = priceJobReport(report, terms, catalogue);
  } catch (error) {
    throw asHttpError(error);
  }
  return {
    lines: priced.lines.map((line) => ({
      supportItem: line.supportItemNumber,
      supportItemName: line.supportItemName,
      timeBand: line.timeBand ?? '',
      date: line.date ?? '',
      minutes: line.minutes ?? 0,
      hours: hundredthsToNumber(hoursHundredthsOfMinutes(line.minutes ?? 0)),
      unit: line.unit === 'E' ? 'E' : 'H',
      quantity: hundredthsToNumber(line.quantityHundredths),
      unitPriceCents: line.unitPriceCents,
      amountCents: line.amountCents,
      edition: line.edition,
      flagged: line.flagged,
      capped: line.capped,
    })),
    subtotalCents: priced.subtotalCents,
    gstCents: priced.gstCents,
    totalCents: priced.totalCents,
  };
}
