import { asc, eq } from 'drizzle-orm';
import { isNdisFunded, type PayingForCareType } from '@tendly/domain/job-options';
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
  /** Modified Monash class of the client's locality; null when unknown (priced nationally). */
  readonly mmmClass: number | null;
}

export async function loadContractPricingTerms(db: DbExecutor, contractId: string): Promise<ContractPricingTerms | null> {
  const [row] = await db
    .select({ contract: contracts, gstRegistered: workerTaxDetails.gstRegistered })
    .from(contracts)
    .leftJoin(workerTaxDetails, eq(workerTaxDetails.workerId, contracts.workerId))
    .where(eq(contracts.id, contractId));
  if (!row) return null;
  const { contract } = row;
  const ndisFunded = isNdisFunded(contract.fundingType);
  const rates = ndisFunded
    ? await db
        .select({ lineItem: contractNdisRates.lineItem, level: contractNdisRates.level, timeOfDay: contractNdisRates.timeOfDay, amountCents: contractNdisRates.amountCents })
        .from(contractNdisRates)
        .where(eq(contractNdisRates.contractId, contractId))
        .orderBy(asc(contractNdisRates.position))
    : [];
  return {
    contractId: contract.id,
    workerId: contract.workerId,
    careSeekerId: contract.careSeekerId,
    clientName: contract.clientName,
    fundingType: contract.fundingType,
    state: contract.clientState,
    mmmClass: contract.clientMmmClass,
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
    ndisRates: rates,
  };
}
