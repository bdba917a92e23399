import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isNdisFunded, type PayingForCareType } from '@tendly/domain/job-options';
import { ndisLineItemCodes, ndisTimeBandCodes, supportLevelCodes } from '@tendly/domain/ndis-line-items';
import { zoneOfMmm } from '@tendly/domain/pricing/ndis-catalogue';
import type { JobReportTerms } from '@tendly/domain/pricing/price-job-report';
import type { StateCode } from '@tendly/domain/states';
import type { DbExecutor } from '../db/client';
import { contractNdisRates, contracts } from '../db/schema/engagements';
import { workerTaxDetails } from '../db/schema/onboarding';

/**
 * A contract's pricing terms as the engine reads them (spec section 3 Contract): the band rates,
 * travel a km, the cancellation charge, the funding and NDIS rates, the client's state and zone,
 * and whether the worker charges GST (their tax details; none on file is not registered).
 */
export interface ContractPricingTerms extends JobReportTerms {
  readonly contractId: string;
  readonly workerId: string;
  readonly careSeekerId: string;
  readonly clientName: string;
  readonly fundingType: PayingForCareType;
  /** The client's state: the time zone and public holidays of every shift under the contract. */
  readonly state: StateCode;
  /**
   * The client's postcode, copied in at the offer with the state: the holidays kept in part of a
   * state only (Melbourne Cup Day, the Tasmanian Regatta and Recreation Day); null when unknown.
   */
  readonly postcode: string | null;
  /** Modified Monash class of the client's locality; null when unknown (priced nationally). */
  readonly mmmClass: number | null;
  /** The worker's ABN and its legal name, from their tax details; null when none are on file. */
  readonly workerAbn: string | null;
  readonly workerBusinessName: string | null;
}

const ndisRateSchema = z.object({
  lineItem: z.enum(ndisLineItemCodes),
  level: z.enum(supportLevelCodes),
  timeOfDay: z.enum(ndisTimeBandCodes),
  amountCents: z.number().int(),
});
const ndisRatesSchema = z.array(ndisRateSchema);

/**
 * The columns a contract's terms are read from: the contract, the worker's tax details (left
 * joined) and the NDIS rates as one JSON array, so that one query reads them all (an approval
 * issues its invoice in a handful of round trips). Select it from `contracts` left joined to
 * `worker_tax_details` on the worker.
 */
export const contractTermsColumns = {
  contract: {
    id: contracts.id,
    workerId: contracts.workerId,
    careSeekerId: contracts.careSeekerId,
    clientName: contracts.clientName,
    fundingType: contracts.fundingType,
    clientState: contracts.clientState,
    clientPostcode: contracts.clientPostcode,
    clientMmmClass: contracts.clientMmmClass,
    weekdayRateCents: contracts.weekdayRateCents,
    eveningRateCents: contracts.eveningRateCents,
    overnightRateCents: contracts.overnightRateCents,
    saturdayRateCents: contracts.saturdayRateCents,
    sundayRateCents: contracts.sundayRateCents,
    publicHolidayRateCents: contracts.publicHolidayRateCents,
    travelPerKmCents: contracts.travelPerKmCents,
    cancellationChargePercent: contracts.cancellationChargePercent,
  },
  gstRegistered: workerTaxDetails.gstRegistered,
  abn: workerTaxDetails.abn,
  legalName: workerTaxDetails.abnLegalName,
  ndisRates: sql<unknown>`coalesce((select json_agg(json_build_object('lineItem', r.line_item, 'level', r.level, 'timeOfDay', r.time_of_day, 'amountCents', r.amount_cents) order by r.position, r.id)
    from ${contractNdisRates} r where r.contract_id = ${contracts.id}), '[]'::json)`,
};

type ContractRow = typeof contracts.$inferSelect;

export interface ContractTermsRow {
  contract: Pick<ContractRow, keyof (typeof contractTermsColumns)['contract']>;
  gstRegistered: boolean | null;
  abn: string | null;
  legalName: string | null;
  ndisRates: unknown;
}

/** The terms of a row read with `contractTermsColumns`. */
export function termsFromRow(row: ContractTermsRow): ContractPricingTerms {
  const { contract } = row;
  const ndisFunded = isNdisFunded(contract.fundingType);
  return {
    contractId: contract.id,
    workerId: contract.workerId,
    careSeekerId: contract.careSeekerId,
    clientName: contract.clientName,
    fundingType: contract.fundingType,
    state: contract.clientState,
    postcode: contract.clientPostcode,
    mmmClass: contract.clientMmmClass,
    workerAbn: row.abn,
    workerBusinessName: row.legalName,
    rates: {
      weekdayCents: contract.weekdayRateCents,
      eveningCents: contract.eveningRateCents,
      overnightCents: contract.overnightRateCents,
      saturdayCents: contract.saturdayRateCents,
      sundayCents: contract.sundayRateCents,
      publicHolidayCents: contract.publicHolidayRateCents,
    },
    travelPerKmCents: contract.travelPerKmCents,
    cancellationChargePercent: contract.cancellationChargePercent,
    ndisFunded,
    zone: zoneOfMmm(contract.clientMmmClass),
    gstRegistered: row.gstRegistered ?? false,
    // An agreement's NDIS rates are claimed only while its funding is NDIS.
    ndisRates: ndisFunded ? ndisRatesSchema.parse(typeof row.ndisRates === 'string' ? JSON.parse(row.ndisRates) : row.ndisRates) : [],
  };
}

export async function loadContractPricingTerms(db: DbExecutor, contractId: string): Promise<ContractPricingTerms | null> {
  const [row] = await db
    .select(contractTermsColumns)
    .from(contracts)
    .leftJoin(workerTaxDetails, eq(workerTaxDetails.workerId, contracts.workerId))
    .where(eq(contracts.id, contractId));
  return row ? termsFromRow(row) : null;
}
