import { and, asc, eq, lt } from 'drizzle-orm';
import { DEFAULT_PLATFORM_FEE_BASIS_POINTS } from '@tendly/domain/api/invoices';
import { DEFAULT_AUTO_APPROVE_DAYS } from '@tendly/domain/api/timesheets';
import { issueInvoiceForTimesheet } from '../../billing/issue-invoice';
import type { DbTransaction } from '../client';
import { shiftNotes, timesheetExpenses, timesheets } from '../schema/billing';
import { contracts, shifts } from '../schema/engagements';
import type { DemoEngagementPeople } from './demo-engagements';

/**
 * The hours Maya has recorded for Helen (issue 14), so the hours, job report and invoice screens
 * are alive on a first start: the first past Tuesday's hours approved and invoiced, the second's
 * submitted and waiting for Helen, and the later past shifts left for Maya to record. The
 * invoice is issued by the billing core, as approving it in the app would.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The demo's invoice terms: the configuration's defaults. */
const DEMO_PAYMENT_TERMS_DAYS = 7;

const approvedNote =
  'Picked Helen up at 9. GP appointment at 9:30 went well; the new blood pressure tablets start next week. Shopping at Westfield, then a chicken and salad lunch together. Helen was in good spirits and walked well with her frame.';
const submittedNote =
  'Chemist first for the new prescription, then the bank and the shops. Helen was a little tired after the walk from the car park, so we rested with a cup of tea before lunch. No concerns.';

export async function seedDemoHours(tx: DbTransaction, people: DemoEngagementPeople, now: Date): Promise<void> {
  const [contract] = await tx
    .select({ id: contracts.id, state: contracts.clientState })
    .from(contracts)
    .where(and(eq(contracts.workerId, people.workerId), eq(contracts.careSeekerId, people.careSeekerId), eq(contracts.status, 'ACTIVE')))
    .limit(1);
  if (!contract?.state) return;
  const past = await tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.contractId, contract.id), eq(shifts.status, 'CONFIRMED'), lt(shifts.endsAt, now)))
    .orderBy(asc(shifts.startsAt));
  const [first, second] = past;
  if (!first || !second) return;

  const base = (shift: typeof first) => ({
    kind: 'SHIFT' as const,
    contractId: contract.id,
    shiftId: shift.id,
    workerId: people.workerId,
    careSeekerId: people.careSeekerId,
    createdByUserId: people.workerId,
    submittedByUserId: people.workerId,
    // Maya started ten minutes late and stayed ten minutes longer, with a half-hour lunch unpaid.
    startsAt: new Date(shift.startsAt.getTime() + 10 * 60_000),
    endsAt: new Date(shift.endsAt.getTime() + 10 * 60_000),
    timeZone: shift.timeZone,
    state: contract.state!,
    breakMinutes: 30,
  });

  /** Hours submitted at `submittedAt` with Maya's shift note shared: where both job reports start. */
  const insertSubmitted = async (shift: typeof first, submittedAt: Date, travel: { tenthKm: number; note: string }, noteBody: string) => {
    const [submitted] = await tx
      .insert(timesheets)
      .values({
        ...base(shift),
        status: 'SUBMITTED',
        travelTenthKm: travel.tenthKm,
        travelNote: travel.note,
        submittedAt,
        autoApproveAt: new Date(submittedAt.getTime() + DEFAULT_AUTO_APPROVE_DAYS * DAY_MS),
        createdAt: submittedAt,
        updatedAt: submittedAt,
      })
      .returning({ id: timesheets.id });
    if (!submitted) throw new Error('The demo hours were not inserted');
    await tx.insert(shiftNotes).values({ ...noteBase(base(shift), submitted.id, shift.id), body: noteBody, sharedAt: submittedAt, createdAt: submittedAt, updatedAt: submittedAt });
    return submitted.id;
  };

  // The first: submitted that afternoon, approved by Helen the next day, invoiced.
  const firstSubmitted = new Date(first.endsAt.getTime() + 4 * HOUR_MS);
  const approvedAt = new Date(firstSubmitted.getTime() + DAY_MS);
  const approvedId = await insertSubmitted(
    first,
    firstSubmitted,
    { tenthKm: 184, note: 'Helen’s home to Westfield Parramatta and back, via the medical centre' },
    approvedNote,
  );
  await tx.insert(timesheetExpenses).values({ timesheetId: approvedId, description: 'Parking at the medical centre', amountCents: 650 });
  await tx
    .update(timesheets)
    .set({ status: 'APPROVED', decidedAt: approvedAt, decidedBy: 'CARE_SEEKER', decidedByUserId: people.careSeekerId, updatedAt: approvedAt })
    .where(eq(timesheets.id, approvedId));
  await issueInvoiceForTimesheet(tx, {
    timesheetId: approvedId,
    now: approvedAt,
    settings: { platformFeeBasisPoints: DEFAULT_PLATFORM_FEE_BASIS_POINTS, paymentTermsDays: DEMO_PAYMENT_TERMS_DAYS },
  });

  // The second: submitted yesterday, waiting for Helen (and well inside the automatic approval time).
  const secondSubmitted = new Date(Math.max(second.endsAt.getTime() + 4 * HOUR_MS, now.getTime() - DAY_MS));
  await insertSubmitted(second, secondSubmitted, { tenthKm: 126, note: 'Helen’s home to the chemist, the bank and Westfield Parramatta' }, submittedNote);
}

function noteBase(hours: { contractId: string; workerId: string; careSeekerId: string; startsAt: Date; endsAt: Date; timeZone: string; state: (typeof shiftNotes.$inferInsert)['state'] }, timesheetId: string, shiftId: string) {
  return {
    timesheetId,
    shiftId,
    contractId: hours.contractId,
    workerId: hours.workerId,
    careSeekerId: hours.careSeekerId,
    startsAt: hours.startsAt,
    endsAt: hours.endsAt,
    timeZone: hours.timeZone,
    state: hours.state,
  };
}
