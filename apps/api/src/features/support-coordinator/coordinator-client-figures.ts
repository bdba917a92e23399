import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { CoordinatorClientFigures } from '@tendly/domain/api/auth';
import { instantToLocal } from '@tendly/domain/shift-time';
import { states } from '@tendly/domain/states';
import type { DbExecutor } from '../../platform/db/client';
import { invoices, timesheets } from '../../platform/db/schema/billing';
import { shifts } from '../../platform/db/schema/engagements';
import { fundingDetails } from '../../platform/db/schema/payments';

/**
 * The figures of the coordinator's dashboard (issue 16): for every linked client at once, upcoming
 * shifts, hours awaiting approval, unpaid invoices and what was invoiced in the plan period. One
 * grouped query per figure (GROUP BY client), whatever the number of clients.
 */

/** An invoice's state as its time zone, for the local date it was issued on. */
const invoiceTimeZone = sql.raw(`case state ${states.map((state) => `when '${state.code}' then '${state.timeZone}'`).join(' ')} end`);

/** A client with nothing booked, submitted or invoiced, and no plan dates. */
export const noFigures = (): CoordinatorClientFigures => ({
  upcomingShiftCount: 0,
  nextShift: null,
  hoursAwaitingApprovalCount: 0,
  unpaidInvoiceCount: 0,
  unpaidInvoiceCents: 0,
  planStartDate: null,
  planEndDate: null,
  invoicedThisPlanCents: null,
});

export async function figuresOfClients(db: DbExecutor, clientIds: readonly string[], now = new Date()): Promise<Map<string, CoordinatorClientFigures>> {
  const figures = new Map(clientIds.map((id) => [id, noFigures()]));
  if (clientIds.length === 0) return figures;
  const ids = [...clientIds];

  const [upcoming, awaiting, unpaid, plans] = await Promise.all([
    db
      .select({
        clientId: shifts.careSeekerId,
        count: sql<number>`count(*)::int`,
        // The earliest shift's start (as text: both drivers read it the same) and its zone.
        nextStartsAt: sql<string>`to_char(min(${shifts.startsAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
        nextTimeZone: sql<string>`(array_agg(${shifts.timeZone} order by ${shifts.startsAt}, ${shifts.id}))[1]`,
      })
      .from(shifts)
      .where(and(inArray(shifts.careSeekerId, ids), ne(shifts.status, 'CANCELLED'), gt(shifts.startsAt, now)))
      .groupBy(shifts.careSeekerId),
    db
      .select({ clientId: timesheets.careSeekerId, count: sql<number>`count(*)::int` })
      .from(timesheets)
      .where(and(inArray(timesheets.careSeekerId, ids), eq(timesheets.status, 'SUBMITTED')))
      .groupBy(timesheets.careSeekerId),
    db
      .select({ clientId: invoices.careSeekerId, count: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::bigint` })
      .from(invoices)
      .where(and(inArray(invoices.careSeekerId, ids), eq(invoices.kind, 'INVOICE'), eq(invoices.status, 'ISSUED')))
      .groupBy(invoices.careSeekerId),
    db
      .select({
        clientId: fundingDetails.userId,
        planStartDate: fundingDetails.planStartDate,
        planEndDate: fundingDetails.planEndDate,
        cents: sql<number | null>`case when ${fundingDetails.planStartDate} is null or ${fundingDetails.planEndDate} is null then null else coalesce(sum(${invoices.totalCents}), 0)::bigint end`,
      })
      .from(fundingDetails)
      .leftJoin(
        invoices,
        and(
          eq(invoices.careSeekerId, fundingDetails.userId),
          eq(invoices.kind, 'INVOICE'),
          ne(invoices.status, 'CREDITED'),
          sql`(${invoices.issuedAt} at time zone ${invoiceTimeZone})::date between ${fundingDetails.planStartDate} and ${fundingDetails.planEndDate}`,
        ),
      )
      .where(inArray(fundingDetails.userId, ids))
      .groupBy(fundingDetails.userId, fundingDetails.planStartDate, fundingDetails.planEndDate),
  ]);

  const of = (clientId: string) => figures.get(clientId) ?? noFigures();
  for (const row of upcoming) {
    const { nextStartsAt: startsAt, nextTimeZone: timeZone } = row;
    const nextShift = { startsAt, startsAtLocal: instantToLocal(new Date(startsAt), timeZone), timeZone };
    Object.assign(of(row.clientId), { upcomingShiftCount: row.count, nextShift });
  }
  for (const row of awaiting) of(row.clientId).hoursAwaitingApprovalCount = row.count;
  for (const row of unpaid) Object.assign(of(row.clientId), { unpaidInvoiceCount: row.count, unpaidInvoiceCents: Number(row.cents) });
  for (const row of plans) {
    Object.assign(of(row.clientId), { planStartDate: row.planStartDate, planEndDate: row.planEndDate, invoicedThisPlanCents: row.cents === null ? null : Number(row.cents) });
  }
  return figures;
}
