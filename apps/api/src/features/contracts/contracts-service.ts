import { addDays, format, parseISO } from 'date-fns';
import { and, eq, gte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { fullName } from '@tendly/domain/format';
import {
  aboveNdisPriceLimitMessage,
  CONTRACT_MAX_YEARS,
  contractMove,
  illegalContractMoveMessage,
  JOB_NOT_OPEN_MESSAGE,
  latestContractStartDate,
  LIVE_CONTRACT_EXISTS_MESSAGE,
  NDIS_RATES_NOT_ALLOWED_MESSAGE,
  NDIS_RATES_REQUIRED_MESSAGE,
  NO_CLIENT_STATE_MESSAGE,
  NOTICE_DATE_PAST_MESSAGE,
  NOTICE_DATE_TOO_FAR_MESSAGE,
  SIGNATURE_MESSAGE,
  signatureMatches,
  START_DATE_PAST_MESSAGE,
  START_DATE_TOO_FAR_MESSAGE,
  type acceptContractRequestSchema,
  type ContractAction,
  type ContractStatus,
  type declineContractRequestSchema,
  type offerContractRequestSchema,
  type terminateContractRequestSchema,
  HOURS_AWAITING_APPROVAL_MESSAGE,
  INVOICES_UNPAID_MESSAGE,
  plannedShiftClashMessage,
} from '@tendly/domain/api/contracts';
import { formatShiftWhen, seriesOf } from '@tendly/domain/api/bookings';
import { isNdisFunded } from '@tendly/domain/job-options';
import { addMonthsToDate, instantToLocalDate, isLaterDate, localToInstant } from '@tendly/domain/shift-time';
import { states, type StateCode } from '@tendly/domain/states';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit/audit-log';
import type { Db, DbExecutor } from '../../platform/db/client';
import { lockPerson } from '../../platform/db/person-lock';
import { users } from '../../platform/db/schema/accounts';
import { invoices, timesheets } from '../../platform/db/schema/billing';
import { contractNdisRates, contracts, jobAwards, shifts } from '../../platform/db/schema/engagements';
import { jobs } from '../../platform/db/schema/jobs';
import { localities } from '../../platform/db/schema/reference';
import { workerProfiles } from '../../platform/db/schema/workers';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { contractEmail, type ContractEmailSite, type ContractNews } from './contract-emails';
import { contractNotification } from './contract-notifications';
import { findContractById, findContractFor, type ContractRecord } from './contracts-repository';
import { mmmClassOf, resolveSupportItem } from './ndis-pricing';
import { insertSeries, planOccurrences, refuseClashes, upcomingOccurrences } from '../../platform/bookings/shift-series';
import { toShift } from '../../platform/bookings/shifts-repository';

export interface ContractContext {
  db: Db;
  site: ContractEmailSite;
}

export const CONTRACT_NOT_FOUND = 'That service agreement does not exist, or it is not yours.';
export const WORKER_NOT_FOUND = 'That worker does not exist or is not taking new clients.';
export const JOB_NOT_FOUND = 'That job does not exist, or it is not yours.';

export function timeZoneOf(state: StateCode): string {
  return states.find((candidate) => candidate.code === state)!.timeZone;
}

export function todayIn(state: StateCode, now: Date = new Date()): string {
  return instantToLocalDate(now, timeZoneOf(state));
}

/** An ACTIVE worker's name and profile rates; null for anyone else. */
export async function findActiveWorker(db: DbExecutor, workerId: string) {
  const [worker] = await db
    .select({ user: users, profile: workerProfiles })
    .from(users)
    .innerJoin(workerProfiles, eq(workerProfiles.userId, users.id))
    .where(and(eq(users.id, workerId), eq(users.role, 'CR'), eq(users.status, 'ACTIVE'), eq(workerProfiles.status, 'ACTIVE')));
  return worker ?? null;
}

/** The care seeker's own job (404 for anyone else's). */
export async function findOwnJob(db: DbExecutor, ownerId: string, jobId: string) {
  const [job] = await db.select().from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.ownerId, ownerId)));
  if (!job) throw notFound(JOB_NOT_FOUND);
  return job;
}

type OfferBody = z.output<typeof offerContractRequestSchema>;

type SupportPlace = { state: StateCode | null; postcode: string | null; suburb: string | null };

/**
 * Where the support is given, which sets the agreement's state (its time zone) and price zone:
 * the job's place when the offer is for a job (a care seeker who posted a job need not have
 * entered an address), else the care seeker's address.
 */
export async function supportPlace(db: DbExecutor, account: typeof users.$inferSelect, job: typeof jobs.$inferSelect | null): Promise<SupportPlace> {
  if (job) {
    const [locality] = await db
      .select({ state: localities.state, postcode: localities.postcode, suburb: localities.suburb })
      .from(localities)
      .where(eq(localities.id, job.localityId));
    if (locality) return locality;
  }
  return { state: account.state, postcode: account.postcode, suburb: account.suburb };
}

async function resolveRates(db: DbExecutor, body: OfferBody, mmmClass: number | null) {
  if (!isNdisFunded(body.fundingType)) {
    if (body.ndisRates.length > 0) throw badRequest(NDIS_RATES_NOT_ALLOWED_MESSAGE, { ndisRates: NDIS_RATES_NOT_ALLOWED_MESSAGE });
    return [];
  }
  if (body.ndisRates.length === 0) throw badRequest(NDIS_RATES_REQUIRED_MESSAGE, { ndisRates: NDIS_RATES_REQUIRED_MESSAGE });
  const resolved = [];
  for (const [index, rate] of body.ndisRates.entries()) {
    const found = await resolveSupportItem(db, rate, body.startDate, mmmClass);
    if (!found.ok) throw badRequest(found.message, { [`ndisRates.${index}.timeOfDay`]: found.message });
    const { item } = found;
    if (item.priceLimit !== null && rate.amount > item.priceLimit) {
      const message = aboveNdisPriceLimitMessage(item, rate.amount, item.priceLimit);
      throw badRequest(message, { [`ndisRates.${index}.amount`]: message });
    }
    resolved.push({ ...rate, item, position: index });
  }
  return resolved;
}

/** POST /api/contracts: the care seeker (or a coordinator acting as them) offers an agreement. */
export async function offerContract(ctx: ContractContext, auth: RequestAuth, body: OfferBody, ip: string): Promise<ContractRecord> {
  const careSeeker = auth.user;
  const [account] = await ctx.db.select().from(users).where(eq(users.id, careSeeker.id));
  if (!account) throw notFound(WORKER_NOT_FOUND);
  const worker = await findActiveWorker(ctx.db, body.workerId);
  if (!worker) throw notFound(WORKER_NOT_FOUND);
  const job = body.jobId ? await findOwnJob(ctx.db, careSeeker.id, body.jobId) : null;
  if (job && job.status !== 'OPEN') throw conflict(JOB_NOT_OPEN_MESSAGE);
  const place = await supportPlace(ctx.db, account, job);
  if (!place.state) throw badRequest(NO_CLIENT_STATE_MESSAGE);
  const clientState = place.state;
  const today = todayIn(clientState);
  if (body.startDate < today) throw badRequest(START_DATE_PAST_MESSAGE, { startDate: START_DATE_PAST_MESSAGE });
  if (isLaterDate(body.startDate, latestContractStartDate(today))) throw badRequest(START_DATE_TOO_FAR_MESSAGE, { startDate: START_DATE_TOO_FAR_MESSAGE });
  const mmmClass = await mmmClassOf(ctx.db, { postcode: place.postcode, suburb: place.suburb, state: clientState });
  const rates = await resolveRates(ctx.db, body, mmmClass);
  if (body.shiftPlan) {
    // The planned shifts (issue 31 item 3) follow a booking's rules within the offered dates; an
    // overlap with the worker's shifts now is refused here, and again, for good, on acceptance.
    const planned = planOccurrences(body.shiftPlan, { timeZone: timeZoneOf(clientState), startDate: body.startDate, endDate: body.endDate }, new Date(), 'shiftPlan.');
    await refuseClashes(ctx.db, worker.user.id, careSeeker.id, planned, null);
  }
  const clientName = job?.clientName.trim() || fullName(account);

  const contractId = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(contracts)
      .values({
        careSeekerId: careSeeker.id,
        workerId: worker.user.id,
        jobId: job?.id ?? null,
        offeredByUserId: actingPersonId(auth),
        fundingType: body.fundingType,
        // The schema refuses it for other funding; kept false there all the same, as the claims code trusts it.
        ndisShortfallBillable: body.fundingType === 'NDIS_AGENCY_MANAGED' && body.ndisShortfallBillable,
        clientName,
        clientState,
        clientPostcode: place.postcode,
        clientMmmClass: mmmClass,
        supportRequired: body.supportRequired,
        supportDetails: body.supportDetails,
        weekdayRateCents: body.hourlyRateForWeekdays,
        saturdayRateCents: body.saturdayRate,
        sundayRateCents: body.sundayRate,
        publicHolidayRateCents: body.rateForPublicHoliday,
        eveningRateCents: body.rateForEveningCare,
        overnightRateCents: body.rateForOverniteCare,
        travelPerKmCents: body.travelExpenseRate,
        startDate: body.startDate,
        endDate: body.endDate,
        cancellationPolicy: body.cancellationPolicy,
        cancellationChargePercent: body.cancellationChargePercent,
        terminationPolicy: body.terminationPolicy,
        note: body.note,
        emergencyContacts: body.emergencyContacts,
        shiftPlan: body.shiftPlan,
      })
      // contracts_live_pair_key: one live contract per pair, race-safe (the loser inserts nothing).
      .onConflictDoNothing()
      .returning({ id: contracts.id });
    if (!created) throw conflict(LIVE_CONTRACT_EXISTS_MESSAGE);
    if (rates.length > 0) {
      await tx.insert(contractNdisRates).values(
        rates.map((rate) => ({
          contractId: created.id,
          lineItem: rate.lineItem,
          level: rate.level,
          timeOfDay: rate.timeOfDay,
          supportItemNumber: rate.item.number,
          edition: rate.item.edition,
          amountCents: rate.amount,
          position: rate.position,
        })),
      );
    }
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: careSeeker.id,
      action: 'contract.offered',
      detail: { workerId: worker.user.id, jobId: job?.id ?? null, fundingType: body.fundingType },
      ip,
      targetType: 'contract',
      targetId: created.id,
    });
    await queueMail(tx, contractEmail(ctx.site, worker.user, account, created.id, { kind: 'offered' }));
    await notify(tx, contractNotification(worker.user, account, created.id, { kind: 'offered' }));
    return created.id;
  });
  return (await findContractById(ctx.db, contractId))!;
}

/** The contract the viewer is a party to (a coordinator acting counts as the care seeker); 404 otherwise. */
export async function contractForViewer(db: DbExecutor, auth: RequestAuth, contractId: string): Promise<ContractRecord> {
  const record = await findContractFor(db, contractId, auth.user.id);
  if (!record) throw notFound(CONTRACT_NOT_FOUND);
  return record;
}

type Side = 'WORKER' | 'CARE_SEEKER';

function sideOf(record: ContractRecord, auth: RequestAuth): Side {
  return record.contract.workerId === auth.user.id ? 'WORKER' : 'CARE_SEEKER';
}

const wrongSideMessages: Readonly<Record<ContractAction, string>> = {
  accept: 'Only the worker can accept a service agreement.',
  decline: 'Only the worker can decline a service agreement.',
  withdraw: 'Only the person who offered a service agreement can withdraw it.',
  terminate: 'Only the parties can end a service agreement.',
  end: 'Only the daily check ends a service agreement at its end date.',
};

/** 403 for the wrong side, 409 for a move the status does not allow. */
function checkMove(record: ContractRecord, side: Side, action: ContractAction, status: ContractStatus = record.contract.status) {
  const allowed = contractMove(status, action);
  const by = allowed?.by ?? (action === 'accept' || action === 'decline' ? 'WORKER' : action === 'withdraw' ? 'CARE_SEEKER' : 'EITHER');
  if (by !== 'EITHER' && by !== side) throw forbidden(wrongSideMessages[action]);
  if (!allowed) throw conflict(illegalContractMoveMessage(status, action));
}

/** Changes the status only if it is still `from`: of two moves at once, one wins and the other is a 409. */
async function conditionalMove(tx: DbExecutor, record: ContractRecord, action: ContractAction, changes: Partial<typeof contracts.$inferInsert>) {
  const from = record.contract.status;
  const [moved] = await tx
    .update(contracts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(contracts.id, record.contract.id), eq(contracts.status, from)))
    .returning({ id: contracts.id });
  if (!moved) {
    const [now] = await tx.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, record.contract.id));
    throw conflict(illegalContractMoveMessage(now?.status ?? from, action));
  }
}

interface MoveInput {
  auth: RequestAuth;
  ip: string;
  contractId: string;
}

async function finishMove(tx: DbExecutor, ctx: ContractContext, record: ContractRecord, input: MoveInput, action: string, news: ContractNews, detail: Record<string, unknown> = {}) {
  const side = sideOf(record, input.auth);
  const [recipient, other] = side === 'WORKER' ? [record.careSeeker, record.worker] : [record.worker, record.careSeeker];
  await recordAudit(tx, {
    actorUserId: actingPersonId(input.auth),
    subjectUserId: input.auth.user.id,
    action: `contract.${action}`,
    detail: { from: record.contract.status, ...detail },
    ip: input.ip,
    targetType: 'contract',
    targetId: record.contract.id,
  });
  await queueMail(tx, contractEmail(ctx.site, recipient, other, record.contract.id, news));
  await notify(tx, contractNotification(recipient, other, record.contract.id, news));
}

async function reload(ctx: ContractContext, contractId: string): Promise<ContractRecord> {
  return (await findContractById(ctx.db, contractId))!;
}

export async function acceptContract(ctx: ContractContext, input: MoveInput, body: z.output<typeof acceptContractRequestSchema>): Promise<ContractRecord> {
  const record = await contractForViewer(ctx.db, input.auth, input.contractId);
  checkMove(record, sideOf(record, input.auth), 'accept');
  if (!signatureMatches(body.signatureName, record.worker.firstName, record.worker.lastName)) {
    throw badRequest(SIGNATURE_MESSAGE, { signatureName: SIGNATURE_MESSAGE });
  }
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    await conditionalMove(tx, record, 'accept', { status: 'ACTIVE', signedName: body.signatureName, signedAt: now, signedIp: input.ip });
    const jobId = record.contract.jobId;
    if (jobId) {
      await tx.insert(jobAwards).values({ jobId, contractId: record.contract.id, awardedAt: now }).onConflictDoNothing();
      await tx
        .update(jobs)
        .set({ status: 'FILLED', closedAt: now })
        .where(and(eq(jobs.id, jobId), eq(jobs.status, 'OPEN')));
    }
    const booked = await bookPlannedShifts(tx, record, now);
    await finishMove(tx, ctx, record, input, 'accepted', { kind: 'accepted', booked: booked?.series ?? null }, { jobId, plannedShifts: booked?.series.count ?? 0 });
  });
  return reload(ctx, record.contract.id);
}

/**
 * Accepting an agreement that plans shifts books them (issue 31 item 3): one series of CONFIRMED
 * shifts (the worker's signature is their confirmation), each its own row, in the acceptance's
 * transaction. An overlap with the worker's other shifts refuses the acceptance with a 409 naming it.
 */
async function bookPlannedShifts(tx: DbExecutor, record: ContractRecord, now: Date) {
  const { contract } = record;
  const plan = contract.shiftPlan;
  if (!plan) return null;
  const timeZone = timeZoneOf(contract.clientState);
  const planned = upcomingOccurrences(plan, timeZone, now);
  if (planned.length === 0) return null;
  await lockPerson(tx, contract.workerId);
  await refuseClashes(tx, contract.workerId, contract.careSeekerId, planned, null, (clash) =>
    plannedShiftClashMessage(formatShiftWhen(toShift(clash)), record.careSeeker.firstName),
  );
  const series = await insertSeries(tx, {
    contract: { id: contract.id, workerId: contract.workerId, careSeekerId: contract.careSeekerId, timeZone },
    plan,
    planned,
    status: 'CONFIRMED',
    createdByUserId: contract.offeredByUserId ?? contract.careSeekerId,
    now,
  });
  await tx.update(contracts).set({ plannedBookingId: series.bookingId }).where(eq(contracts.id, contract.id));
  return { bookingId: series.bookingId, series: { ...seriesOf(series.shifts) } };
}

export async function declineContract(ctx: ContractContext, input: MoveInput, body: z.output<typeof declineContractRequestSchema>): Promise<ContractRecord> {
  const record = await contractForViewer(ctx.db, input.auth, input.contractId);
  checkMove(record, sideOf(record, input.auth), 'decline');
  await ctx.db.transaction(async (tx) => {
    await conditionalMove(tx, record, 'decline', { status: 'DECLINED', declinedReason: body.reason || null, closedAt: new Date() });
    await finishMove(tx, ctx, record, input, 'declined', { kind: 'declined', reason: body.reason });
  });
  return reload(ctx, record.contract.id);
}

export async function withdrawContract(ctx: ContractContext, input: MoveInput): Promise<ContractRecord> {
  const record = await contractForViewer(ctx.db, input.auth, input.contractId);
  checkMove(record, sideOf(record, input.auth), 'withdraw');
  await ctx.db.transaction(async (tx) => {
    await conditionalMove(tx, record, 'withdraw', { status: 'WITHDRAWN', closedAt: new Date() });
    await finishMove(tx, ctx, record, input, 'withdrawn', { kind: 'withdrawn' });
  });
  return reload(ctx, record.contract.id);
}

/** The first instant after the notice date in the client's zone: shifts from then on are cancelled. */
function dayAfter(date: string, state: StateCode): Date {
  return localToInstant(`${format(addDays(parseISO(date), 1), 'yyyy-MM-dd')}T00:00`, timeZoneOf(state));
}

export async function terminateContract(ctx: ContractContext, input: MoveInput, body: z.output<typeof terminateContractRequestSchema>): Promise<ContractRecord> {
  const record = await contractForViewer(ctx.db, input.auth, input.contractId);
  const side = sideOf(record, input.auth);
  checkMove(record, side, 'terminate');
  const today = todayIn(record.contract.clientState);
  if (body.noticeDate < today) throw badRequest(NOTICE_DATE_PAST_MESSAGE, { noticeDate: NOTICE_DATE_PAST_MESSAGE });
  if (isLaterDate(body.noticeDate, addMonthsToDate(today, CONTRACT_MAX_YEARS * 12))) {
    throw badRequest(NOTICE_DATE_TOO_FAR_MESSAGE, { noticeDate: NOTICE_DATE_TOO_FAR_MESSAGE });
  }
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    // workflows.md "Contracts": not while hours under it wait for a decision (the job report would
    // lose its agreement's terms mid-decision), nor while its invoices are unpaid (issue 15).
    const [waiting] = await tx
      .select({ id: timesheets.id })
      .from(timesheets)
      .where(and(eq(timesheets.contractId, record.contract.id), eq(timesheets.status, 'SUBMITTED')))
      .limit(1);
    if (waiting) throw conflict(HOURS_AWAITING_APPROVAL_MESSAGE);
    const [unpaid] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.contractId, record.contract.id), eq(invoices.kind, 'INVOICE'), eq(invoices.status, 'ISSUED')))
      .limit(1);
    if (unpaid) throw conflict(INVOICES_UNPAID_MESSAGE);
    await conditionalMove(tx, record, 'terminate', {
      status: 'TERMINATED',
      terminatedByUserId: actingPersonId(input.auth),
      terminationReason: body.reason,
      terminationNoticeDate: body.noticeDate,
      closedAt: now,
    });
    // Shifts after the last day go with the agreement; ending it with notice is not a short-notice cancellation.
    const cancelled = await tx
      .update(shifts)
      .set({
        status: 'CANCELLED',
        statusChangedAt: now,
        cancelledAt: now,
        cancelledByUserId: actingPersonId(input.auth),
        cancelledBySide: side,
        cancellationReason: `Service agreement ended: ${body.reason}`,
        shortNotice: false,
        updatedAt: now,
      })
      .where(and(eq(shifts.contractId, record.contract.id), ne(shifts.status, 'CANCELLED'), gte(shifts.startsAt, dayAfter(body.noticeDate, record.contract.clientState))))
      .returning({ id: shifts.id });
    await finishMove(tx, ctx, record, input, 'terminated', { kind: 'terminated', reason: body.reason, noticeDate: body.noticeDate }, {
      noticeDate: body.noticeDate,
      cancelledShifts: cancelled.length,
    });
  });
  return reload(ctx, record.contract.id);
}
