import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { careSeekerDashboardSchema, DASHBOARD_BLOCK_LIMITS, type CareSeekerDashboard } from '@tendly/domain/api/care-seeker-dashboard';
import { stateTimeZone } from '@tendly/domain/states';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet } from '../../platform/billing/test-billing';
import { timesheets } from '../../platform/db/schema/billing';
import { bookings, contracts, conversations, messages, shifts } from '../../platform/db/schema/engagements';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient } from '../jobs/test-jobs';

const { call, db } = useTestApp({ database: { referenceData: true } });
const HOUR = 3_600_000;
const settings = { platformFeeBasisPoints: 900, paymentTermsDays: 7 };

type Contract = Awaited<ReturnType<typeof createActiveContract>>;

async function summaryFor(token: string): Promise<CareSeekerDashboard> {
  const response = await call('GET', '/api/dashboard/summary', { token });
  expect(response.statusCode, response.body).toBe(200);
  return careSeekerDashboardSchema.parse(response.json());
}

/** A shift under the contract starting `fromNow` milliseconds from now, lasting three hours. */
async function shiftIn(contract: Contract, fromNow: number, status: 'CONFIRMED' | 'UNCONFIRMED' | 'CANCELLED' = 'CONFIRMED') {
  const timeZone = stateTimeZone(contract.clientState);
  const startsAt = new Date(Date.now() + fromNow);
  const [booking] = await db().insert(bookings).values({ contractId: contract.id, timeZone, firstStartLocal: '2026-01-01T09:00', firstEndLocal: '2026-01-01T12:00' }).returning({ id: bookings.id });
  const [shift] = await db()
    .insert(shifts)
    .values({ bookingId: booking!.id, contractId: contract.id, workerId: contract.workerId, careSeekerId: contract.careSeekerId, startsAt, endsAt: new Date(startsAt.getTime() + 3 * HOUR), timeZone, status })
    .returning({ id: shifts.id });
  return shift!.id;
}

async function submittedHours(contract: Contract, day: string, autoApproveAt: Date) {
  const timesheet = await createTimesheet(db(), contract, { start: `${day}T09:00`, end: `${day}T12:00`, status: 'SUBMITTED', breakMinutes: 15 });
  await db().update(timesheets).set({ autoApproveAt }).where(eq(timesheets.id, timesheet.id));
  return timesheet.id;
}

async function invoiceFor(contract: Contract, day: string) {
  const timesheet = await createTimesheet(db(), contract, { start: `${day}T09:00`, end: `${day}T11:00` });
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings }));
  return invoiceId;
}

async function messagesFrom(contract: Contract, sentAgo: number[], readAgo: number | null = null) {
  const [conversation] = await db()
    .insert(conversations)
    .values({ careSeekerId: contract.careSeekerId, workerId: contract.workerId, careSeekerReadAt: readAgo === null ? null : new Date(Date.now() - readAgo), lastMessageAt: new Date() })
    .returning({ id: conversations.id });
  for (const ago of sentAgo) {
    await db().insert(messages).values({ conversationId: conversation!.id, senderId: contract.workerId, body: 'Hello', createdAt: new Date(Date.now() - ago) });
  }
  // The care seeker's own message is never unread to them.
  await db().insert(messages).values({ conversationId: conversation!.id, senderId: contract.careSeekerId, body: 'Hi', createdAt: new Date() });
  return conversation!.id;
}

/** A care seeker with two workers (Wren under a private agreement, Pia under a Home Care Package one, which the provider pays). */
async function careSeekerWithTwoWorkers(careSeekerId?: string) {
  const careSeeker = careSeekerId ?? (await createUser(db(), { firstName: 'Helen', lastName: 'Nguyen' })).id;
  const wren = await createWorker(db(), { user: { firstName: 'Wren', lastName: 'Walker' } });
  const pia = await createWorker(db(), { user: { firstName: 'Pia', lastName: 'Park' } });
  const privateContract = await createActiveContract(db(), { careSeekerId: careSeeker, workerId: wren.id });
  const planManaged = await createActiveContract(db(), { careSeekerId: careSeeker, workerId: pia.id, fundingType: 'HOME_CARE_PACKAGE', state: 'VIC' });
  return { careSeekerId: careSeeker, wren, pia, privateContract, planManaged };
}

describe('GET /api/dashboard/summary', () => {
  it('gives each block its first items, soonest or most urgent first, with how many there are in all', async () => {
    const { careSeekerId, wren, pia, privateContract, planManaged } = await careSeekerWithTwoWorkers();
    const token = await sessionFor(db(), careSeekerId);

    // Shifts: one under way, four to come, one cancelled and one over: three listed of five upcoming.
    const underWay = await shiftIn(privateContract, -1 * HOUR);
    const tomorrow = await shiftIn(planManaged, 24 * HOUR, 'UNCONFIRMED');
    const nextDay = await shiftIn(privateContract, 48 * HOUR);
    await shiftIn(privateContract, 72 * HOUR);
    await shiftIn(privateContract, 96 * HOUR);
    await shiftIn(privateContract, 30 * HOUR, 'CANCELLED');
    await shiftIn(privateContract, -5 * HOUR);

    // Hours: two waiting (the one approved automatically sooner first), one approved already.
    const later = await submittedHours(privateContract, '2026-11-02', new Date(Date.now() + 6 * 24 * HOUR));
    const sooner = await submittedHours(planManaged, '2026-11-03', new Date(Date.now() + 2 * 24 * HOUR));
    await createTimesheet(db(), privateContract, { start: '2026-11-04T09:00', end: '2026-11-04T10:00' });

    // Invoices: two private ones to pay, one paid, one under the Home Care Package (the provider pays it).
    const first = await invoiceFor(privateContract, '2026-11-05');
    const second = await invoiceFor(privateContract, '2026-11-06');
    await invoiceFor(planManaged, '2026-11-05');

    // Messages: two unread from Wren, one read from Pia.
    const wrensConversation = await messagesFrom(privateContract, [2 * HOUR, HOUR], 3 * HOUR);
    await messagesFrom(planManaged, [5 * HOUR], HOUR);

    const summary = await summaryFor(token);

    expect(summary.upcomingShifts.total).toBe(5);
    expect(summary.upcomingShifts.items.map((shift) => shift.id)).toEqual([underWay, tomorrow, nextDay]);
    expect(summary.upcomingShifts.items[1]).toMatchObject({ contractId: planManaged.id, status: 'UNCONFIRMED', timeZone: 'Australia/Melbourne', state: 'VIC', worker: { id: pia.id, firstName: 'Pia', lastName: 'Park' } });
    expect(summary.upcomingShifts.items[0]!.timeZone).toBe('Australia/Sydney');

    expect(summary.hoursToApprove.total).toBe(2);
    expect(summary.hoursToApprove.items.map((report) => report.id)).toEqual([sooner, later]);
    expect(summary.hoursToApprove.items[0]).toMatchObject({ kind: 'SHIFT', breakMinutes: 15, timeZone: 'Australia/Melbourne', state: 'VIC', worker: { firstName: 'Pia' } });
    expect(summary.hoursToApprove.items[0]!.startsAt).toBe('2026-11-02T22:00:00.000Z');

    expect(summary.invoicesToPay.items.map((invoice) => invoice.id)).toEqual([first, second]);
    expect(summary.invoicesToPay.total).toBe(2);
    const [one, two] = summary.invoicesToPay.items;
    expect(one).toMatchObject({ number: 'INV-000001', totalCents: 13000, worker: { id: wren.id, firstName: 'Wren' }, state: 'NSW' });
    expect(one!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(summary.invoicesToPay.totalCents).toBe(one!.totalCents + two!.totalCents);

    expect(summary.workers.total).toBe(2);
    expect(summary.workers.items.map((item) => item.worker.firstName).sort()).toEqual(['Pia', 'Wren']);
    expect(summary.workers.items.find((item) => item.worker.id === wren.id)?.contractId).toBe(privateContract.id);

    expect(summary.unreadMessages).toEqual({ items: [{ conversationId: wrensConversation, worker: { id: wren.id, firstName: 'Wren', lastName: 'Walker' }, unreadCount: 2, lastMessageAt: expect.any(String) }], total: 2 });
  });

  it('lists at most the block limits, and counts the rest', async () => {
    const { careSeekerId, privateContract } = await careSeekerWithTwoWorkers();
    for (let day = 1; day <= DASHBOARD_BLOCK_LIMITS.hoursToApprove + 2; day += 1) {
      await submittedHours(privateContract, `2026-10-${String(day).padStart(2, '0')}`, new Date(Date.now() + day * HOUR));
    }
    const summary = await summaryFor(await sessionFor(db(), careSeekerId));
    expect(summary.hoursToApprove.items).toHaveLength(DASHBOARD_BLOCK_LIMITS.hoursToApprove);
    expect(summary.hoursToApprove.total).toBe(DASHBOARD_BLOCK_LIMITS.hoursToApprove + 2);
  });

  it('is empty for a new care seeker, block by block', async () => {
    const careSeeker = await createUser(db());
    expect(await summaryFor(await sessionFor(db(), careSeeker.id))).toEqual({
      upcomingShifts: { items: [], total: 0 },
      hoursToApprove: { items: [], total: 0 },
      invoicesToPay: { items: [], total: 0, totalCents: 0 },
      workers: { items: [], total: 0 },
      unreadMessages: { items: [], total: 0 },
    });
  });

  it('leaves out a worker whose agreement has ended', async () => {
    const { careSeekerId, privateContract, pia } = await careSeekerWithTwoWorkers();
    await db().update(contracts).set({ status: 'ENDED', closedAt: new Date() }).where(eq(contracts.id, privateContract.id));
    const summary = await summaryFor(await sessionFor(db(), careSeekerId));
    expect(summary.workers).toEqual({ items: [expect.objectContaining({ worker: { id: pia.id, firstName: 'Pia', lastName: 'Park' } })], total: 1 });
  });

  it('asks a visitor to sign in, refuses workers, coordinators and administrators, and shows another care seeker only their own', async () => {
    const { careSeekerId, wren } = await careSeekerWithTwoWorkers();
    expect((await call('GET', '/api/dashboard/summary')).statusCode).toBe(401);
    expect((await call('GET', '/api/dashboard/summary', { token: 'not-a-token' })).statusCode).toBe(401);
    expect((await call('GET', '/api/dashboard/summary', { token: await sessionFor(db(), wren.id) })).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/summary', { token: await sessionFor(db(), (await createCoordinator(db())).id) })).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/summary', { token: await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id) })).statusCode).toBe(403);

    const mine = await summaryFor(await sessionFor(db(), careSeekerId));
    expect(mine.workers.total).toBe(2);
    const stranger = await summaryFor(await sessionFor(db(), (await createUser(db())).id));
    expect(stranger.workers.total).toBe(0);
    expect(JSON.stringify(stranger)).not.toContain(wren.id);
  });

  it('shows a coordinator acting for a client the client’s summary, and nothing without the alias', async () => {
    const acting = await coordinatorActingForClient(db(), call);
    const { privateContract } = await careSeekerWithTwoWorkers(acting.client.id);
    const hours = await submittedHours(privateContract, '2026-11-02', new Date(Date.now() + 24 * HOUR));
    const summary = await summaryFor(acting.aliasToken);
    expect(summary.workers.total).toBe(2);
    expect(summary.hoursToApprove.items.map((report) => report.id)).toEqual([hours]);
    expect((await call('GET', '/api/dashboard/summary', { token: acting.coordinatorToken })).statusCode).toBe(403);
  });
});
