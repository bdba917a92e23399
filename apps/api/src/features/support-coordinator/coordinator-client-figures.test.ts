import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coordinatorClientsResponseSchema, type LinkedCoordinatorClient } from '@tendly/domain/api/auth';
import { localToInstant } from '@tendly/domain/shift-time';
import { issueInvoiceForTimesheet, type BillingSettings } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet } from '../../platform/billing/test-billing';
import { invoices } from '../../platform/db/schema/billing';
import { bookings, shifts } from '../../platform/db/schema/engagements';
import { fundingDetails } from '../../platform/db/schema/payments';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, linkClient, sessionFor } from '../auth/test-factories';

const { call, db } = useTestApp({ database: { referenceData: true } });
const settings: BillingSettings = { platformFeeBasisPoints: 900, paymentTermsDays: 7 };

type Contract = Awaited<ReturnType<typeof createActiveContract>>;

/** A shift starting at a local time of the contract's state (Perth for WA). */
async function shift(contract: Contract, startLocal: string, status: 'CONFIRMED' | 'UNCONFIRMED' | 'CANCELLED' = 'CONFIRMED') {
  const timeZone = contract.clientState === 'WA' ? 'Australia/Perth' : 'Australia/Sydney';
  const startsAt = localToInstant(startLocal, timeZone);
  const endsAt = new Date(startsAt.getTime() + 2 * 3_600_000);
  const [booking] = await db()
    .insert(bookings)
    .values({ contractId: contract.id, timeZone, firstStartLocal: startLocal, firstEndLocal: startLocal })
    .returning();
  await db().insert(shifts).values({ bookingId: booking!.id, contractId: contract.id, workerId: contract.workerId, careSeekerId: contract.careSeekerId, startsAt, endsAt, timeZone, status });
}

async function invoice(contract: Contract, date: string): Promise<{ id: string; totalCents: number }> {
  const timesheet = await createTimesheet(db(), contract, { start: `${date}T09:00`, end: `${date}T11:00` });
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings }));
  const [row] = await db().select({ id: invoices.id, totalCents: invoices.totalCents }).from(invoices).where(eq(invoices.id, invoiceId));
  return row!;
}

describe('GET /api/support-coordinator/clients: the dashboard figures', () => {
  it('counts each client’s upcoming shifts, hours awaiting approval, unpaid invoices and what was invoiced this plan period', async () => {
    const coordinator = await createCoordinator(db());
    const token = await sessionFor(db(), coordinator.id);
    const perth = await createUser(db(), { firstName: 'Abe', state: 'WA' });
    const sydney = await createUser(db(), { firstName: 'Bea', state: 'NSW' });
    const quiet = await createUser(db(), { firstName: 'Cal' });
    for (const client of [perth, sydney, quiet]) await linkClient(db(), coordinator.id, client.id);

    const perthContract = await createActiveContract(db(), { careSeekerId: perth.id, state: 'WA' });
    const nextYear = new Date().getUTCFullYear() + 1;
    await shift(perthContract, `${nextYear}-03-02T09:00`);
    await shift(perthContract, `${nextYear}-03-09T09:00`, 'UNCONFIRMED');
    await shift(perthContract, `${nextYear}-03-01T09:00`, 'CANCELLED');
    await shift(perthContract, '2020-03-01T09:00');
    await createTimesheet(db(), perthContract, { start: '2026-10-05T09:00', end: '2026-10-05T11:00', status: 'SUBMITTED' });
    await createTimesheet(db(), perthContract, { start: '2026-10-06T09:00', end: '2026-10-06T11:00', status: 'SUBMITTED' });
    await createTimesheet(db(), perthContract, { start: '2026-10-07T09:00', end: '2026-10-07T11:00', status: 'DRAFT' });
    const unpaid = await invoice(perthContract, '2026-10-08');
    const paid = await invoice(perthContract, '2026-10-09');
    await db().update(invoices).set({ status: 'PAID', paidAt: new Date() }).where(eq(invoices.id, paid.id));
    const credited = await invoice(perthContract, '2026-10-12');
    await db().update(invoices).set({ status: 'CREDITED' }).where(eq(invoices.id, credited.id));
    const beforePlan = await invoice(perthContract, '2026-10-13');
    await db().update(invoices).set({ issuedAt: new Date('2020-01-15T00:00:00Z') }).where(eq(invoices.id, beforePlan.id));
    await db().insert(fundingDetails).values({ userId: perth.id, planStartDate: '2025-07-01', planEndDate: `${nextYear + 1}-06-30` });

    // Another client's figures are their own.
    const sydneyContract = await createActiveContract(db(), { careSeekerId: sydney.id });
    await shift(sydneyContract, `${nextYear}-01-05T10:30`);
    const sydneyInvoice = await invoice(sydneyContract, '2026-10-14');
    await db().insert(fundingDetails).values({ userId: sydney.id, ndisNumber: '430123456' });

    const response = await call('GET', '/api/support-coordinator/clients', { token });
    expect(response.statusCode, response.body).toBe(200);
    const clients = coordinatorClientsResponseSchema.parse(response.json()) as LinkedCoordinatorClient[];
    expect(clients.map((client) => client.firstName)).toEqual(['Abe', 'Bea', 'Cal']);
    const [abe, bea, cal] = clients;
    expect(abe!.figures).toEqual({
      upcomingShiftCount: 2,
      nextShift: { startsAt: localToInstant(`${nextYear}-03-02T09:00`, 'Australia/Perth').toISOString().replace('.000Z', 'Z'), startsAtLocal: `${nextYear}-03-02T09:00`, timeZone: 'Australia/Perth' },
      hoursAwaitingApprovalCount: 2,
      // The issued one and the one issued before the plan: both still unpaid.
      unpaidInvoiceCount: 2,
      unpaidInvoiceCents: unpaid.totalCents + beforePlan.totalCents,
      planStartDate: '2025-07-01',
      planEndDate: `${nextYear + 1}-06-30`,
      invoicedThisPlanCents: unpaid.totalCents + paid.totalCents,
    });
    expect(bea!.figures).toMatchObject({
      upcomingShiftCount: 1,
      nextShift: { startsAtLocal: `${nextYear}-01-05T10:30`, timeZone: 'Australia/Sydney' },
      hoursAwaitingApprovalCount: 0,
      unpaidInvoiceCount: 1,
      unpaidInvoiceCents: sydneyInvoice.totalCents,
      invoicedThisPlanCents: null,
    });
    expect(cal!.figures).toMatchObject({ upcomingShiftCount: 0, nextShift: null, unpaidInvoiceCount: 0, invoicedThisPlanCents: null });

    // A request not yet answered shows no figures; another coordinator sees none of these clients.
    const other = await sessionFor(db(), (await createCoordinator(db())).id);
    await linkClient(db(), (await createCoordinator(db())).id, perth.id, 'PENDING');
    expect((await call('GET', '/api/support-coordinator/clients', { token: other })).json()).toEqual([]);
  });
});
