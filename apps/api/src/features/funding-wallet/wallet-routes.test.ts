import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientWalletListSchema, walletSchema, type Wallet } from '@tendly/domain/api/funding-wallet';
import { dateOfDayNumber, dayNumberOf, localDateOf } from '@tendly/domain/pricing/local-clock';
import { publicHoliday } from '@tendly/domain/pricing/public-holidays';
import { localToInstant } from '@tendly/domain/shift-time';
import { stateTimeZone } from '@tendly/domain/states';
import { issueInvoiceForTimesheet, type BillingSettings } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet, type ContractOptions } from '../../platform/billing/test-billing';
import { invoices } from '../../platform/db/schema/billing';
import { bookings, shifts } from '../../platform/db/schema/engagements';
import { walletNotices } from '../../platform/db/schema/funding-wallet';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, linkClient, outboxOf, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient } from '../jobs/test-jobs';
import { backgroundJobs } from '../../platform/db/schema/platform';
import { uuidFromKey } from '../../platform/jobs/job-queue';
import { checkWallets, scheduleWalletDailyCheck, WALLET_DAILY_CHECK_JOB } from './wallet-notices';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });
const settings: BillingSettings = { platformFeeBasisPoints: 900, paymentTermsDays: 7 };

const today = localDateOf(Date.now(), stateTimeZone('NSW'));
const plan = { planStartDate: dateOfDayNumber(dayNumberOf(today) - 90), planEndDate: dateOfDayNumber(dayNumberOf(today) + 270) };

/** The nearest weekday `days` from today (or after) that is not a NSW public holiday. */
function weekdayFrom(days: number): string {
  for (let day = dayNumberOf(today) + days; ; day += 1) {
    const date = dateOfDayNumber(day);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !publicHoliday('NSW', date)) return date;
  }
}

async function participant(options: ContractOptions = {}) {
  const contract = await createActiveContract(db(), options);
  return { contract, token: await sessionFor(db(), contract.careSeekerId), workerToken: await sessionFor(db(), contract.workerId) };
}

type ContractRow = Awaited<ReturnType<typeof createActiveContract>>;

/** Issues the invoice of a 9:00–12:00 shift on a weekday `daysAgo` days ago, as approving its hours does. */
async function invoiceShift(contract: ContractRow, daysAgo: number, extra: { travelTenthKm?: number } = {}) {
  const date = weekdayFrom(-daysAgo);
  const timesheet = await createTimesheet(db(), contract, { start: `${date}T09:00`, end: `${date}T12:00`, ...extra });
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings }));
  const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
  return invoice!;
}

/** A confirmed 9:00–12:00 shift on a weekday about `daysAhead` days from now. */
async function confirmedShift(contract: ContractRow, daysAhead: number, status: 'CONFIRMED' | 'UNCONFIRMED' = 'CONFIRMED') {
  const date = weekdayFrom(daysAhead);
  const zone = stateTimeZone(contract.clientState);
  const [booking] = await db()
    .insert(bookings)
    .values({ contractId: contract.id, timeZone: zone, firstStartLocal: `${date}T09:00`, firstEndLocal: `${date}T12:00` })
    .returning();
  await db()
    .insert(shifts)
    .values({ bookingId: booking!.id, contractId: contract.id, workerId: contract.workerId, careSeekerId: contract.careSeekerId, startsAt: localToInstant(`${date}T09:00`, zone), endsAt: localToInstant(`${date}T12:00`, zone), timeZone: zone, status });
}

async function getWallet(token: string): Promise<Wallet> {
  const response = await call('GET', '/api/funding-wallet', { token });
  expect(response.statusCode, response.body).toBe(200);
  return walletSchema.parse(response.json());
}

async function putWallet(token: string, budgets: { category: string; amountCents: number }[]) {
  const response = await call('PUT', '/api/funding-wallet', { token, payload: { ...plan, budgets } });
  expect(response.statusCode, response.body).toBe(200);
  return walletSchema.parse(response.json());
}

const categoryOf = (wallet: Wallet, category: string) => wallet.categories.find((figures) => figures.category === category);

describe('who may see and change a wallet', () => {
  it('refuses anonymous callers, workers and coordinators not acting for a client', async () => {
    const worker = await createWorker(db());
    const coordinator = await createCoordinator(db());
    for (const method of ['GET', 'PUT'] as const) {
      expect((await call(method, '/api/funding-wallet', { payload: method === 'PUT' ? { ...plan, budgets: [] } : undefined })).statusCode).toBe(401);
      expect((await call(method, '/api/funding-wallet', { token: await sessionFor(db(), worker.id), payload: method === 'PUT' ? { ...plan, budgets: [] } : undefined })).statusCode).toBe(403);
      expect((await call(method, '/api/funding-wallet', { token: await sessionFor(db(), coordinator.id), payload: method === 'PUT' ? { ...plan, budgets: [] } : undefined })).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/support-coordinator/wallets')).statusCode).toBe(401);
    expect((await call('GET', '/api/support-coordinator/wallets', { token: await sessionFor(db(), worker.id) })).statusCode).toBe(403);
  });

  it('shows each care seeker only their own spending', async () => {
    const { contract, token } = await participant();
    await putWallet(token, [{ category: 'PACKAGE', amountCents: 500_000 }]);
    const invoice = await invoiceShift(contract, 10);
    expect(categoryOf(await getWallet(token), 'PACKAGE')?.spentCents).toBe(invoice.totalCents);
    const other = await createUser(db());
    const otherToken = await sessionFor(db(), other.id);
    expect(await getWallet(otherToken)).toMatchObject({ plan: null, categories: [] });
    const saved = await putWallet(otherToken, [{ category: 'PACKAGE', amountCents: 100 }]);
    expect(categoryOf(saved, 'PACKAGE')).toMatchObject({ budgetCents: 100, spentCents: 0, committedCents: 0 });
  });

  it('lets a coordinator acting for a client use the same route, and lists only ACTIVE clients’ wallets', async () => {
    const { coordinator, client, coordinatorToken, aliasToken } = await coordinatorActingForClient(db(), call);
    const saved = await putWallet(aliasToken, [{ category: 'PACKAGE', amountCents: 250_000 }]);
    expect(categoryOf(saved, 'PACKAGE')?.budgetCents).toBe(250_000);
    expect(categoryOf(await getWallet(await sessionFor(db(), client.id)), 'PACKAGE')?.budgetCents).toBe(250_000);

    const pending = await createUser(db(), { firstName: 'Pat' });
    await linkClient(db(), coordinator.id, pending.id, 'PENDING');
    const response = await call('GET', '/api/support-coordinator/wallets', { token: coordinatorToken });
    expect(response.statusCode, response.body).toBe(200);
    const list = clientWalletListSchema.parse(response.json());
    expect(list.clients.map((entry) => entry.clientId)).toEqual([client.id]);
    expect(list.clients[0]?.categories[0]).toMatchObject({ category: 'PACKAGE', budgetCents: 250_000 });

    const stranger = await createCoordinator(db());
    const strangerList = clientWalletListSchema.parse((await call('GET', '/api/support-coordinator/wallets', { token: await sessionFor(db(), stranger.id) })).json());
    expect(strangerList.clients).toEqual([]);
    expect((await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token: await sessionFor(db(), stranger.id) })).statusCode).toBeGreaterThanOrEqual(403);
  });
});

describe('PUT /api/funding-wallet validation', () => {
  it('answers 400 with a clear message for bad input, and saves nothing', async () => {
    const { token } = await participant();
    const cases: [unknown, string][] = [
      [{ ...plan, planStartDate: 'soon', budgets: [] }, 'Enter the plan start date as a date (YYYY-MM-DD)'],
      [{ ...plan, planEndDate: plan.planStartDate, budgets: [] }, 'The plan end date must be after its start date'],
      [{ ...plan, budgets: [{ category: 'PACKAGE', amountCents: -5 }] }, 'A budget cannot be less than $0'],
      [{ ...plan, budgets: [{ category: 'PACKAGE', amountCents: 1e300 }] }, 'A budget is at most $10,000,000'],
      [{ ...plan, budgets: [{ category: 'PACKAGE', amountCents: 'lots' }] }, 'Enter the budget as an amount in dollars and cents'],
      [{ ...plan, budgets: [{ category: 'PACK\u0000AGE', amountCents: 5 }] }, 'Choose a budget category from the list'],
      [{ ...plan, planStartDate: '2026-07-01\u0000', budgets: [] }, 'Enter the plan start date as a date (YYYY-MM-DD)'],
      [{ ...plan, budgets: 'all of it' }, 'Send the budgets as a list'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('PUT', '/api/funding-wallet', { token, payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await getWallet(token)).toMatchObject({ plan: null, categories: [] });
  });
});

describe('saving budgets', () => {
  it('replaces the budgets (a category left out has none), also when two saves race', { tags: ['drivers'] }, async () => {
    const { token } = await participant({ fundingType: 'NDIS_SELF_MANAGED' });
    await putWallet(token, [
      { category: 'CORE_DAILY_ACTIVITIES', amountCents: 100 },
      { category: 'CAPACITY_BUILDING', amountCents: 200 },
    ]);
    const responses = await Promise.all(
      [300, 400].map((amountCents) => call('PUT', '/api/funding-wallet', { token, payload: { ...plan, budgets: [{ category: 'CORE_DAILY_ACTIVITIES', amountCents }] } })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const wallet = await getWallet(token);
    expect([300, 400]).toContain(categoryOf(wallet, 'CORE_DAILY_ACTIVITIES')?.budgetCents);
    expect(categoryOf(wallet, 'CAPACITY_BUILDING')?.budgetCents).toBeNull();
    expect(wallet.plan).toEqual({ startDate: plan.planStartDate, endDate: plan.planEndDate });
  });
});

describe('the figures', () => {
  it('draws down invoices and confirmed bookings inside the plan, priced by the engine', async () => {
    const { contract, token } = await participant({ gstRegistered: true });
    await putWallet(token, [{ category: 'PACKAGE', amountCents: 1_000_000 }]);
    const invoice = await invoiceShift(contract, 14);
    await invoiceShift(contract, 120); // before the plan: not counted
    await confirmedShift(contract, 14);
    await confirmedShift(contract, 21, 'UNCONFIRMED'); // not confirmed: not committed
    const figures = categoryOf(await getWallet(token), 'PACKAGE')!;
    // 3 weekday hours at $65 with 10% GST.
    expect(figures).toMatchObject({ spentCents: invoice.totalCents, committedCents: 21_450, remainingCents: 1_000_000 - invoice.totalCents - 21_450 });
    expect(invoice.totalCents).toBe(21_450);
    expect(figures.percentSpent).toBe(2);
    expect(figures.runOutDate).toBeNull();
    expect(figures.burnDown.length).toBeGreaterThan(50);
    expect(figures.burnDown.some((point) => point.isForecast)).toBe(true);
  });

  it('puts NDIS lines in their support category, travel with its invoice’s item', async () => {
    const { contract, token } = await participant({
      fundingType: 'NDIS_PLAN_MANAGED',
      ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6_000 }],
    });
    await putWallet(token, [{ category: 'CORE_DAILY_ACTIVITIES', amountCents: 2_000_000 }]);
    const invoice = await invoiceShift(contract, 7, { travelTenthKm: 100 });
    const wallet = await getWallet(token);
    expect(wallet.scheme).toBe('NDIS');
    expect(wallet.categories.map((figures) => figures.category)).toEqual(['CORE_DAILY_ACTIVITIES', 'CORE_SOCIAL_COMMUNITY', 'CORE_TRANSPORT', 'CAPACITY_BUILDING']);
    expect(categoryOf(wallet, 'CORE_DAILY_ACTIVITIES')?.spentCents).toBe(invoice.totalCents);
    expect(categoryOf(wallet, 'CORE_TRANSPORT')).toMatchObject({ spentCents: 0, budgetCents: null });
  });

  it('takes a credit note off what was spent', async () => {
    const { contract, token, workerToken } = await participant();
    await putWallet(token, [{ category: 'PACKAGE', amountCents: 1_000_000 }]);
    const kept = await invoiceShift(contract, 10);
    const credited = await invoiceShift(contract, 11);
    expect(categoryOf(await getWallet(token), 'PACKAGE')?.spentCents).toBe(kept.totalCents + credited.totalCents);
    const response = await call('POST', `/api/invoices/${credited.id}/credit-note`, { token: workerToken, payload: { reason: 'The shift did not happen.' } });
    expect(response.statusCode, response.body).toBe(201);
    expect(categoryOf(await getWallet(token), 'PACKAGE')?.spentCents).toBe(kept.totalCents);
  });

  it('runs a Support at Home budget over the current quarter', async () => {
    const { contract, token } = await participant({ fundingType: 'SUPPORT_AT_HOME' });
    const wallet = await putWallet(token, [{ category: 'QUARTERLY', amountCents: 500_000 }]);
    expect(wallet.scheme).toBe('SUPPORT_AT_HOME');
    const quarterly = categoryOf(wallet, 'QUARTERLY')!;
    expect(quarterly.periodStart <= today && quarterly.periodEnd >= today).toBe(true);
    expect(quarterly.periodEnd <= plan.planEndDate).toBe(true);
    expect(contract.fundingType).toBe('SUPPORT_AT_HOME');
  });
});

describe('wallet notices', () => {
  const noticesOf = (participantId: string, kind: 'EIGHTY_PERCENT' | 'RUNS_OUT') =>
    db().select().from(walletNotices).where(and(eq(walletNotices.participantId, participantId), eq(walletNotices.kind, kind)));

  it('emails the care seeker and their coordinator once when 80% is spent, however many checks run', { tags: ['drivers'] }, async () => {
    const { contract, token } = await participant();
    const coordinator = await createCoordinator(db());
    await linkClient(db(), coordinator.id, contract.careSeekerId);
    const unlinked = await createCoordinator(db());
    await linkClient(db(), unlinked.id, contract.careSeekerId, 'PENDING');
    // 3 hours at $65 is $195: a $230 budget is 84% spent.
    await putWallet(token, [{ category: 'PACKAGE', amountCents: 23_000 }]);
    await invoiceShift(contract, 5);
    await Promise.all([checkWallets(db(), subject.config, [contract.careSeekerId]), checkWallets(db(), subject.config, [contract.careSeekerId])]);
    await subject.drainJobs(); // the check queued when the invoice was issued, and the emails
    await checkWallets(db(), subject.config, [contract.careSeekerId]);
    await subject.drainJobs();
    expect(await noticesOf(contract.careSeekerId, 'EIGHTY_PERCENT')).toHaveLength(1);
    const careSeekerEmail = (await db().query.users.findFirst({ where: (users, { eq: equals }) => equals(users.id, contract.careSeekerId) }))!.email;
    const toCareSeeker = (await outboxOf(subject.app, careSeekerEmail)).filter((message) => message.subject.includes('80%'));
    expect(toCareSeeker.map((message) => message.subject)).toEqual(['Package budget: 80% of your budget is spent']);
    expect(toCareSeeker[0]?.text).toContain('/funding-wallet');
    const toCoordinator = (await outboxOf(subject.app, coordinator.email)).filter((message) => message.subject.includes('80%'));
    expect(toCoordinator.map((message) => message.subject)).toEqual(['Package budget: 80% of Helen Nguyen’s budget is spent']);
    expect(await outboxOf(subject.app, unlinked.email)).toEqual([]);
  });

  it('emails once when the forecast runs out before the plan ends', async () => {
    const { contract, token } = await participant();
    // $195 spent in the plan's first 90 days: at that rate a $390 budget lasts about 180 days of 360.
    await putWallet(token, [{ category: 'PACKAGE', amountCents: 39_000 }]);
    await invoiceShift(contract, 30);
    await subject.drainJobs();
    await checkWallets(db(), subject.config, [contract.careSeekerId]);
    await subject.drainJobs();
    const figures = categoryOf(await getWallet(token), 'PACKAGE')!;
    expect(figures.percentSpent).toBe(50);
    expect(figures.runOutDate).not.toBeNull();
    expect(await noticesOf(contract.careSeekerId, 'RUNS_OUT')).toHaveLength(1);
    expect(await noticesOf(contract.careSeekerId, 'EIGHTY_PERCENT')).toHaveLength(0);
    const careSeekerEmail = (await db().query.users.findFirst({ where: (users, { eq: equals }) => equals(users.id, contract.careSeekerId) }))!.email;
    // (The invoice itself is emailed too, with how to pay it: issue 28.)
    const subjects = (await outboxOf(subject.app, careSeekerEmail)).map((message) => message.subject).filter((subjectLine) => !subjectLine.startsWith('Invoice '));
    expect(subjects).toEqual(['Package budget: your budget may run out early']);
  });

  it('checks every wallet daily, and queues the next day’s check', async () => {
    const { contract, token } = await participant();
    await putWallet(token, [{ category: 'PACKAGE', amountCents: 20_000 }]);
    await invoiceShift(contract, 8);
    await db().delete(backgroundJobs).where(eq(backgroundJobs.type, 'funding-wallet.check'));
    expect(await noticesOf(contract.careSeekerId, 'EIGHTY_PERCENT')).toHaveLength(0);
    const day = localDateOf(Date.now(), 'Australia/Perth');
    await scheduleWalletDailyCheck(db(), day);
    await db().update(backgroundJobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(backgroundJobs.id, uuidFromKey(`${WALLET_DAILY_CHECK_JOB}:${day}`)));
    await subject.drainJobs();
    expect(await noticesOf(contract.careSeekerId, 'EIGHTY_PERCENT')).toHaveLength(1);
    expect(await noticesOf(contract.careSeekerId, 'RUNS_OUT')).toHaveLength(1);
    const [next] = await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, uuidFromKey(`${WALLET_DAILY_CHECK_JOB}:${dateOfDayNumber(dayNumberOf(day) + 1)}`)));
    expect(next?.type).toBe(WALLET_DAILY_CHECK_JOB);
  });
});
