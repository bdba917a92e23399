import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Contract, ContractStatus } from '@tendly/domain/api/contracts';
import type { DbExecutor } from '../../platform/db/client';
import { careSeekers, partyColumns, workers } from '../../platform/db/engagement-parties';
import { contractNdisRates, contracts } from '../../platform/db/schema/engagements';
import { jobs } from '../../platform/db/schema/jobs';
import { ndisSupportItems } from '../../platform/db/schema/reference';
import { zoneOfMmm } from '@tendly/domain/pricing/ndis-catalogue';
import { personNameOf } from '../../platform/http/person-name';

export type ContractRow = typeof contracts.$inferSelect;

/** A contract with both parties and its job, as the API answers it (without its NDIS rates). */
function contractQuery(db: DbExecutor) {
  return db
    .select({
      contract: contracts,
      ...partyColumns,
      jobTitle: jobs.title,
    })
    .from(contracts)
    .innerJoin(careSeekers, eq(careSeekers.id, contracts.careSeekerId))
    .innerJoin(workers, eq(workers.id, contracts.workerId))
    .leftJoin(jobs, eq(jobs.id, contracts.jobId));
}

export type ContractRecord = Awaited<ReturnType<typeof findContractRecords>>[number];

async function findContractRecords(db: DbExecutor, where: SQL | undefined) {
  const rows = await contractQuery(db).where(where).orderBy(desc(contracts.offeredAt));
  const ids = rows.map((row) => row.contract.id);
  const rates =
    ids.length === 0
      ? []
      : await db
          .select({ rate: contractNdisRates, item: ndisSupportItems })
          .from(contractNdisRates)
          .leftJoin(ndisSupportItems, and(eq(ndisSupportItems.number, contractNdisRates.supportItemNumber), eq(ndisSupportItems.edition, contractNdisRates.edition)))
          .where(inArray(contractNdisRates.contractId, ids))
          .orderBy(asc(contractNdisRates.position));
  return rows.map((row) => ({ ...row, ndisRates: rates.filter((rate) => rate.rate.contractId === row.contract.id) }));
}

/** Whoever may see it: the care seeker (or a coordinator acting as them) and the worker. */
export async function findContractFor(db: DbExecutor, contractId: string, viewerId: string): Promise<ContractRecord | null> {
  const [record] = await findContractRecords(db, and(eq(contracts.id, contractId), or(eq(contracts.careSeekerId, viewerId), eq(contracts.workerId, viewerId))));
  return record ?? null;
}

export async function findContractById(db: DbExecutor, contractId: string): Promise<ContractRecord | null> {
  const [record] = await findContractRecords(db, eq(contracts.id, contractId));
  return record ?? null;
}

export function listContractsFor(db: DbExecutor, viewerId: string, status?: ContractStatus): Promise<ContractRecord[]> {
  const mine = or(eq(contracts.careSeekerId, viewerId), eq(contracts.workerId, viewerId));
  return findContractRecords(db, status ? and(mine, eq(contracts.status, status)) : mine);
}

function priceOf(item: typeof ndisSupportItems.$inferSelect | null, mmmClass: number | null): number | null {
  if (!item) return null;
  const zone = zoneOfMmm(mmmClass);
  if (zone === 'VERY_REMOTE') return item.priceVeryRemoteCents;
  if (zone === 'REMOTE') return item.priceRemoteCents;
  return item.priceNationalCents;
}

export function presentContract(record: ContractRecord): Contract {
  const { contract } = record;
  return {
    id: contract.id,
    status: contract.status,
    careSeeker: personNameOf(record.careSeeker),
    worker: personNameOf(record.worker),
    clientName: contract.clientName,
    clientState: contract.clientState,
    jobId: contract.jobId,
    jobTitle: record.jobTitle ?? null,
    fundingType: contract.fundingType,
    ndisShortfallBillable: contract.ndisShortfallBillable,
    supportRequired: contract.supportRequired,
    supportDetails: contract.supportDetails,
    hourlyRateForWeekdays: contract.weekdayRateCents,
    saturdayRate: contract.saturdayRateCents,
    sundayRate: contract.sundayRateCents,
    rateForPublicHoliday: contract.publicHolidayRateCents,
    rateForEveningCare: contract.eveningRateCents,
    rateForOverniteCare: contract.overnightRateCents,
    travelExpenseRate: contract.travelPerKmCents,
    ndisRates: record.ndisRates.map(({ rate, item }) => ({
      id: rate.id,
      lineItem: rate.lineItem,
      level: rate.level,
      timeOfDay: rate.timeOfDay,
      amount: rate.amountCents,
      supportItemNumber: rate.supportItemNumber,
      supportItemName: item?.name ?? rate.supportItemNumber,
      priceLimit: priceOf(item, contract.clientMmmClass),
    })),
    startDate: contract.startDate,
    endDate: contract.endDate,
    cancellationPolicy: contract.cancellationPolicy,
    cancellationChargePercent: contract.cancellationChargePercent,
    terminationPolicy: contract.terminationPolicy,
    note: contract.note,
    emergencyContacts: contract.emergencyContacts,
    shiftPlan: contract.shiftPlan ?? null,
    plannedSeriesId: contract.plannedBookingId ?? null,
    offeredAt: contract.offeredAt.toISOString(),
    signedName: contract.signedName,
    signedAt: contract.signedAt?.toISOString() ?? null,
    declinedReason: contract.declinedReason,
    terminationReason: contract.terminationReason,
    terminationNoticeDate: contract.terminationNoticeDate,
    closedAt: contract.closedAt?.toISOString() ?? null,
  };
}
