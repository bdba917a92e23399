import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_CHARGE_MESSAGE,
  contractDefaultsSchema,
  contractListSchema,
  contractSchema,
  END_BEFORE_START_MESSAGE,
  END_DATE_TOO_FAR_MESSAGE,
  HOURS_AWAITING_APPROVAL_MESSAGE,
  INVOICES_UNPAID_MESSAGE,
  illegalContractMoveMessage,
  latestContractEndDate,
  latestContractStartDate,
  JOB_NOT_OPEN_MESSAGE,
  LIVE_CONTRACT_EXISTS_MESSAGE,
  NDIS_RATES_NOT_ALLOWED_MESSAGE,
  NDIS_RATES_REQUIRED_MESSAGE,
  NDIS_SHORTFALL_BILLABLE_LABEL,
  NDIS_SHORTFALL_NOT_BILLABLE_TEXT,
  NDIS_SHORTFALL_ONLY_AGENCY_MESSAGE,
  NO_CLIENT_STATE_MESSAGE,
  NOTICE_DATE_PAST_MESSAGE,
  NOTICE_DATE_TOO_FAR_MESSAGE,
  priceLimitSchema,
  SIGNATURE_MESSAGE,
  START_DATE_PAST_MESSAGE,
  START_DATE_TOO_FAR_MESSAGE,
} from '@tendly/domain/api/contracts';
import { DATE_OUT_OF_RANGE_MESSAGE } from '@tendly/domain/errors';
import { formatCents } from '@tendly/domain/format';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { auditEvents } from '../../platform/db/schema/platform';
import { invoices, timesheets } from '../../platform/db/schema/billing';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { bookings, contracts, jobAwards, shifts } from '../../platform/db/schema/engagements';
import { localToInstant } from '@tendly/domain/shift-time';
import { addDays, format, parseISO } from 'date-fns';
import { jobs } from '../../platform/db/schema/jobs';
import { ndisSupportItems } from '../../platform/db/schema/reference';
import { expectAccessiblePdf, namesInManyScripts, readPdf } from '../../test-support/pdf-reading';
import { useTestApp } from '../../test-support/test-app';
import { plusDays } from '../../test-support/test-dates';
import { createCoordinator, createUser, outboxOf, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient, postJob } from '../jobs/test-jobs';
import { runContractEndCheck } from './contract-end-job';
import { contractEmailSite } from './contract-emails';
import { todayIn } from './contracts-service';
import { careSeekerWithSession, offer, offerOk, placeWithMmm, workerWithSession } from './test-contracts';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });

const today = () => todayIn('NSW');

async function pair() {
  const seeker = await careSeekerWithSession(db());
  const worker = await workerWithSession(db());
  return { seeker, worker };
}

async function accept(token: string, id: string, signatureName = 'Wren Walker', ip?: string) {
  return call('POST', `/api/contracts/${id}/accept`, { token, payload: { signatureName, agreed: true }, ...(ip ? { ip } : {}) });
}

/** An active agreement with two hours of work, from five hours ago, submitted and awaiting approval. */
async function agreementWithSubmittedHours() {
  const { seeker, worker } = await pair();
  const contract = await offerOk(call, seeker.token, offer(worker.user.id));
  await accept(worker.token, contract.id);
  const startsAt = new Date(Date.now() - 5 * 3_600_000);
  const [hours] = await db()
    .insert(timesheets)
    .values({
      contractId: contract.id,
      workerId: worker.user.id,
      careSeekerId: seeker.user.id,
      status: 'SUBMITTED',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
      timeZone: 'Australia/Sydney',
      state: 'NSW',
      submittedAt: new Date(),
    })
    .returning({ id: timesheets.id });
  if (!hours) throw new Error('agreementWithSubmittedHours: no timesheet row');
  return { seeker, worker, contract, hoursId: hours.id };
}

describe('who may use contracts', () => {
  it('asks a visitor to sign in and refuses roles that cannot offer', async () => {
    const { worker } = await pair();
    expect((await call('POST', '/api/contracts', { payload: offer(worker.user.id) })).statusCode).toBe(401);
    expect((await call('GET', '/api/contracts')).statusCode).toBe(401);
    expect((await call('POST', '/api/contracts', { token: worker.token, payload: offer(worker.user.id) })).statusCode).toBe(403);
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    expect((await call('POST', '/api/contracts', { token: admin, payload: offer(worker.user.id) })).statusCode).toBe(403);
    expect((await call('GET', '/api/contracts', { token: admin })).statusCode).toBe(403);
    const coordinator = await sessionFor(db(), (await createCoordinator(db())).id);
    expect((await call('POST', '/api/contracts', { token: coordinator, payload: offer(worker.user.id) })).statusCode).toBe(403);
  });

  it('keeps an inactive worker out of agreements (as My jobs), but lets them download theirs', async () => {
    const { seeker, worker } = await pair();
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    const inactive = await workerWithSession(db(), { profileStatus: 'INACTIVE' });
    expect((await call('GET', '/api/contracts', { token: inactive.token })).statusCode).toBe(403);
    expect((await call('GET', `/api/contracts/${contract.id}/pdf`, { token: inactive.token })).statusCode).toBe(404);
  });

  it('hides an agreement from strangers, other workers and administrators: 404 or 403', async () => {
    const { seeker, worker } = await pair();
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    const stranger = await careSeekerWithSession(db());
    const otherWorker = await workerWithSession(db());
    for (const token of [stranger.token, otherWorker.token]) {
      expect((await call('GET', `/api/contracts/${contract.id}`, { token })).statusCode).toBe(404);
      expect((await call('GET', `/api/contracts/${contract.id}/pdf`, { token })).statusCode).toBe(404);
      expect((await call('POST', `/api/contracts/${contract.id}/withdraw`, { token })).statusCode).toBe(404);
      expect((await accept(token, contract.id)).statusCode).toBe(404);
      expect(contractListSchema.parse((await call('GET', '/api/contracts', { token })).json()).contracts).toEqual([]);
    }
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    expect((await call('GET', `/api/contracts/${contract.id}/pdf`, { token: admin })).statusCode).toBe(403);
    expect((await call('GET', '/api/contracts/not-an-id', { token: seeker.token })).statusCode).toBe(400);
  });
});

describe('POST /api/contracts', () => {
  it('offers an agreement, records who offered it and emails the worker', { tags: ['one-driver'] }, async () => {
    const { seeker, worker } = await pair();
    const contract = await offerOk(call, seeker.token, offer(worker.user.id, { note: 'See you soon' }));
    expect(contract).toMatchObject({
      status: 'OFFERED',
      clientName: 'Helen Nguyen',
      clientState: 'NSW',
      careSeeker: { id: seeker.user.id },
      worker: { id: worker.user.id, firstName: 'Wren' },
      hourlyRateForWeekdays: 4550,
      travelExpenseRate: 97,
      signedName: null,
      note: 'See you soon',
    });
    expect(contract.cancellationPolicy).toMatch(/7 clear days/);
    const [row] = await db().select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row).toMatchObject({ offeredByUserId: seeker.user.id, clientMmmClass: 1, clientPostcode: '2204' });
    const mail = await outboxOf(subject.app, worker.user.email);
    expect(mail[0]?.subject).toBe('Helen Nguyen offered you a service agreement');
    expect(mail[0]?.text).toContain(`/contracts/${contract.id}`);
    const lists = await Promise.all([seeker.token, worker.token].map(async (token) => contractListSchema.parse((await call('GET', '/api/contracts', { token })).json())));
    for (const list of lists) expect(list.contracts.map((c) => c.id)).toEqual([contract.id]);
    const offered = contractListSchema.parse((await call('GET', '/api/contracts?status=ACTIVE', { token: worker.token })).json());
    expect(offered.contracts).toEqual([]);
  });

  it('refuses a worker who is not active, or not a worker: 404', async () => {
    const seeker = await careSeekerWithSession(db());
    const inactive = await workerWithSession(db(), { profileStatus: 'INACTIVE' });
    const other = await careSeekerWithSession(db());
    for (const workerId of [inactive.user.id, other.user.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await call('POST', '/api/contracts', { token: seeker.token, payload: offer(workerId) })).statusCode).toBe(404);
    }
  });

  it('refuses bad input with field messages: 400', async () => {
    const { seeker, worker } = await pair();
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ startDate: '2020-01-01' }, 'startDate', START_DATE_PAST_MESSAGE],
      [{ endDate: today() }, 'endDate', 'The end date must be after the start date.'],
      [{ hourlyRateForWeekdays: 100 }, 'hourlyRateForWeekdays', /weekday rate/],
      [{ note: 'Hi\u0000' }, 'note', UNSAFE_TEXT_MESSAGE],
      [{ note: 'x'.repeat(2001) }, 'note', /2,000 characters/],
      [{ emergencyContacts: [] }, 'emergencyContacts', 'Add at least one emergency contact'],
      [{ ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amount: 5000 }] }, 'ndisRates', NDIS_RATES_NOT_ALLOWED_MESSAGE],
      [{ fundingType: 'NDIS_PLAN_MANAGED' }, 'ndisRates', NDIS_RATES_REQUIRED_MESSAGE],
      [{ workerId: 'nope' }, 'workerId', 'Choose a worker'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('POST', '/api/contracts', { token: seeker.token, payload: offer(worker.user.id, overrides) });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toMatch(message);
    }
  });

  it('refuses absurd and too distant dates with a 400 on the field, never a 500: a start at most a year ahead, an end at most 3 years after it', async () => {
    const { seeker, worker } = await pair();
    const lastStart = latestContractStartDate(today());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ startDate: '9999-01-01' }, 'startDate', START_DATE_TOO_FAR_MESSAGE],
      [{ startDate: '9999-12-31', endDate: null }, 'startDate', START_DATE_TOO_FAR_MESSAGE],
      [{ startDate: plusDays(lastStart, 1) }, 'startDate', START_DATE_TOO_FAR_MESSAGE],
      [{ startDate: '0000-01-01' }, 'startDate', START_DATE_PAST_MESSAGE],
      [{ startDate: '2027-02-30' }, 'startDate', 'Enter a date as YYYY-MM-DD'],
      [{ endDate: '9999-12-31' }, 'endDate', END_DATE_TOO_FAR_MESSAGE],
      [{ endDate: plusDays(latestContractEndDate(today()), 1) }, 'endDate', END_DATE_TOO_FAR_MESSAGE],
      [{ endDate: '0000-01-01' }, 'endDate', END_BEFORE_START_MESSAGE],
      [{ endDate: '10000-01-01' }, 'endDate', 'Enter a date as YYYY-MM-DD'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('POST', '/api/contracts', { token: seeker.token, payload: offer(worker.user.id, overrides) });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(await db().select().from(contracts).where(eq(contracts.workerId, worker.user.id))).toHaveLength(0);
    // Exactly a year ahead, for exactly three years, is allowed.
    const furthest = await offerOk(call, seeker.token, offer(worker.user.id, { startDate: lastStart, endDate: latestContractEndDate(lastStart) }));
    expect(furthest).toMatchObject({ startDate: lastStart, endDate: latestContractEndDate(lastStart) });
  });

  it('refuses a last day in year 9999 or year 0 when ending an agreement, and a price limit on year 0: 400s', async () => {
    const { seeker, worker } = await pair();
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    await accept(worker.token, contract.id);
    for (const [noticeDate, message] of [
      ['9999-12-31', NOTICE_DATE_TOO_FAR_MESSAGE],
      ['0000-01-01', NOTICE_DATE_PAST_MESSAGE],
    ] as const) {
      const response = await call('POST', `/api/contracts/${contract.id}/terminate`, { token: seeker.token, payload: { reason: 'Moving', noticeDate } });
      expect(response.statusCode, noticeDate).toBe(400);
      expect(response.json().errors, noticeDate).toEqual({ noticeDate: message });
    }
    expect((await db().select().from(contracts).where(eq(contracts.id, contract.id)))[0]?.status).toBe('ACTIVE');
    const yearZero = await call('GET', '/api/ndis/price-limit?lineItem=SELF_CARE&timeOfDay=SUNDAY&date=0000-01-01', { token: seeker.token });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().message).toBe(DATE_OUT_OF_RANGE_MESSAGE);
  });

  it('stores the short-notice cancellation charge (100% unless set), shows it in the PDF and refuses one outside 0 to 100', async () => {
    const { seeker, worker } = await pair();
    for (const bad of [-1, 101, 50.5, '80']) {
      const response = await call('POST', '/api/contracts', { token: seeker.token, payload: offer(worker.user.id, { cancellationChargePercent: bad }) });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().errors?.cancellationChargePercent).toBe(CANCELLATION_CHARGE_MESSAGE);
    }
    expect(await db().select().from(contracts).where(eq(contracts.workerId, worker.user.id))).toHaveLength(0);
    const contract = await offerOk(call, seeker.token, offer(worker.user.id, { cancellationChargePercent: 60 }));
    expect(contract.cancellationChargePercent).toBe(60);
    const [row] = await db().select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.cancellationChargePercent).toBe(60);
    const pdf = await call('GET', `/api/contracts/${contract.id}/pdf`, { token: seeker.token });
    expect((await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text).toContain('charged at 60% of the booked shift');
    const other = await pair();
    expect((await offerOk(call, other.seeker.token, offer(other.worker.user.id))).cancellationChargePercent).toBe(100);
  });

  it('refuses a care seeker whose account has no state: 400', async () => {
    const seeker = await careSeekerWithSession(db(), { state: null, postcode: null, suburb: null });
    const worker = await workerWithSession(db());
    const response = await call('POST', '/api/contracts', { token: seeker.token, payload: offer(worker.user.id) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NO_CLIENT_STATE_MESSAGE);
  });

  it('takes the state and price zone from the job when the offer is for one, so a care seeker without an address can offer', async () => {
    const seeker = await careSeekerWithSession(db(), { state: null, postcode: null, suburb: null });
    const worker = await workerWithSession(db());
    const job = await postJob(call, seeker.token, { location: '6000' });
    const created = await offerOk(call, seeker.token, offer(worker.user.id, { jobId: job.id }));
    expect(created.clientState).toBe('WA');
    const [row] = await db().select().from(contracts).where(eq(contracts.id, created.id));
    expect(row?.clientPostcode).toBe('6000');
  });

  it('allows one live agreement per pair, also when two offers come at once: 409', { tags: ['drivers'] }, async () => {
    const { seeker, worker } = await pair();
    const responses = await Promise.all([1, 2].map(() => call('POST', '/api/contracts', { token: seeker.token, payload: offer(worker.user.id) })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().message).toBe(LIVE_CONTRACT_EXISTS_MESSAGE);
    const first = contractSchema.parse(responses.find((r) => r.statusCode === 201)!.json());
    expect((await call('POST', `/api/contracts/${first.id}/withdraw`, { token: seeker.token })).statusCode).toBe(200);
    await offerOk(call, seeker.token, offer(worker.user.id));
  });

  it('offers for the care seeker’s own open job only: 404 for another’s, 409 for a closed one', async () => {
    const { seeker, worker } = await pair();
    const stranger = await careSeekerWithSession(db());
    const theirs = await postJob(call, stranger.token);
    expect((await call('POST', '/api/contracts', { token: seeker.token, payload: offer(worker.user.id, { jobId: theirs.id }) })).statusCode).toBe(404);
    const mine = await postJob(call, seeker.token);
    await db().update(jobs).set({ status: 'CLOSED' }).where(eq(jobs.id, mine.id));
    const closed = await call('POST', '/api/contracts', { token: seeker.token, payload: offer(worker.user.id, { jobId: mine.id }) });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(JOB_NOT_OPEN_MESSAGE);
  });

  it('lets a coordinator acting for a client offer, recorded as the coordinator, and see the client’s agreements', async () => {
    const acting = await coordinatorActingForClient(db(), call);
    const { users } = await import('../../platform/db/schema/accounts');
    await db().update(users).set({ state: 'VIC', postcode: '3000', suburb: 'Melbourne' }).where(eq(users.id, acting.client.id));
    const worker = await workerWithSession(db());
    const contract = await offerOk(call, acting.aliasToken, offer(worker.user.id, { startDate: todayIn('VIC') }));
    expect(contract.careSeeker.id).toBe(acting.client.id);
    expect(contract.clientState).toBe('VIC');
    const [row] = await db().select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.offeredByUserId).toBe(acting.coordinator.id);
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, contract.id));
    expect(audit).toMatchObject({ actorUserId: acting.coordinator.id, subjectUserId: acting.client.id, action: 'contract.offered' });
    const list = contractListSchema.parse((await call('GET', '/api/contracts', { token: acting.aliasToken })).json());
    expect(list.contracts.map((c) => c.id)).toEqual([contract.id]);
    const pdf = await call('GET', `/api/contracts/${contract.id}/pdf`, { token: acting.aliasToken });
    expect(pdf.statusCode).toBe(200);
    // The coordinator's own session is not the client's.
    expect((await call('GET', `/api/contracts/${contract.id}`, { token: acting.coordinatorToken })).statusCode).toBe(403);
  });
});

describe('NDIS rates and price limits', () => {
  const ndisOffer = (workerId: string, rates: Record<string, unknown>[], overrides: Record<string, unknown> = {}) =>
    offer(workerId, { fundingType: 'NDIS_PLAN_MANAGED', ndisRates: rates, ...overrides });

  async function limitOf(query: string, token: string) {
    const response = await call('GET', `/api/ndis/price-limit?${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return priceLimitSchema.parse(response.json());
  }

  it('lets an NDIA-managed agreement allow billing the participant a short-paid difference: saved, shown on the agreement and its PDF, refused for other funding', async () => {
    const pdfText = async (id: string, token: string) => {
      const pdf = await call('GET', `/api/contracts/${id}/pdf`, { token });
      expect(pdf.statusCode).toBe(200);
      return (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text.replace(/\s+/g, ' ');
    };
    const rates = [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amount: 6000 }];
    const agency = await pair();
    for (const bad of ['yes', 1, null]) {
      const response = await call('POST', '/api/contracts', { token: agency.seeker.token, payload: ndisOffer(agency.worker.user.id, rates, { fundingType: 'NDIS_AGENCY_MANAGED', ndisShortfallBillable: bad }) });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().errors?.ndisShortfallBillable).toBeDefined();
    }
    const allowed = await offerOk(call, agency.seeker.token, ndisOffer(agency.worker.user.id, rates, { fundingType: 'NDIS_AGENCY_MANAGED', ndisShortfallBillable: true }));
    expect(allowed.ndisShortfallBillable).toBe(true);
    expect((await db().select({ billable: contracts.ndisShortfallBillable }).from(contracts).where(eq(contracts.id, allowed.id)))[0]?.billable).toBe(true);
    const seen = await call('GET', `/api/contracts/${allowed.id}`, { token: agency.worker.token });
    expect(contractSchema.parse(seen.json()).ndisShortfallBillable).toBe(true);
    const allowedText = await pdfText(allowed.id, agency.worker.token);
    expect(allowedText).toContain(NDIS_SHORTFALL_BILLABLE_LABEL);
    expect(allowedText).not.toContain(NDIS_SHORTFALL_NOT_BILLABLE_TEXT);

    // Unticked (the default): the agreement says so, so both parties know the participant is not billed.
    const unticked = await pair();
    const notAllowed = await offerOk(call, unticked.seeker.token, ndisOffer(unticked.worker.user.id, rates, { fundingType: 'NDIS_AGENCY_MANAGED' }));
    expect(notAllowed.ndisShortfallBillable).toBe(false);
    expect(await pdfText(notAllowed.id, unticked.seeker.token)).toContain(NDIS_SHORTFALL_NOT_BILLABLE_TEXT);

    // Plan-managed, self-managed and private funding: the NDIA pays no claim of ours, so the term is refused.
    const other = await pair();
    for (const payload of [ndisOffer(other.worker.user.id, rates, { ndisShortfallBillable: true }), ndisOffer(other.worker.user.id, rates, { fundingType: 'NDIS_SELF_MANAGED', ndisShortfallBillable: true }), offer(other.worker.user.id, { ndisShortfallBillable: true })]) {
      const response = await call('POST', '/api/contracts', { token: other.seeker.token, payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors?.ndisShortfallBillable).toBe(NDIS_SHORTFALL_ONLY_AGENCY_MESSAGE);
    }
    expect(await db().select().from(contracts).where(eq(contracts.workerId, other.worker.user.id))).toHaveLength(0);
    const planManaged = await offerOk(call, other.seeker.token, ndisOffer(other.worker.user.id, rates, { ndisShortfallBillable: false }));
    expect(planManaged.ndisShortfallBillable).toBe(false);
    const planText = await pdfText(planManaged.id, other.seeker.token);
    expect(planText).not.toContain(NDIS_SHORTFALL_BILLABLE_LABEL);
    expect(planText).not.toContain(NDIS_SHORTFALL_NOT_BILLABLE_TEXT);
  });

  it('allows a rate at the limit exactly, and refuses one a cent above it naming the item and the limit', async () => {
    const { seeker, worker } = await pair();
    const limit = await limitOf(`lineItem=SELF_CARE&timeOfDay=WEEKDAY_DAYTIME&date=${today()}&postcode=2204`, seeker.token);
    expect(limit.supportItemNumber).toBe('01_011_0107_1_1');
    const above = await call('POST', '/api/contracts', {
      token: seeker.token,
      payload: ndisOffer(worker.user.id, [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amount: limit.priceLimit! + 1 }]),
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe(
      `The rate for ${limit.supportItemName} (01_011_0107_1_1) is ${formatCents(limit.priceLimit! + 1)}, above its price limit of ${formatCents(limit.priceLimit!)} an hour.`,
    );
    expect(above.json().errors).toHaveProperty(['ndisRates.0.amount']);
    const atLimit = await offerOk(call, seeker.token, ndisOffer(worker.user.id, [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amount: limit.priceLimit! }]));
    expect(atLimit.ndisRates[0]).toMatchObject({ supportItemNumber: '01_011_0107_1_1', amount: limit.priceLimit, priceLimit: limit.priceLimit, level: 'ONE' });
  });

  it('names a combination the catalogue lacks: community access at night', async () => {
    const { seeker, worker } = await pair();
    const response = await call('POST', '/api/contracts', {
      token: seeker.token,
      payload: ndisOffer(worker.user.id, [{ lineItem: 'COMMUNITY_ACCESS', timeOfDay: 'WEEKDAY_NIGHT', amount: 5000 }]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/no community access support item for weekday night/);
    const limit = await call('GET', `/api/ndis/price-limit?lineItem=COMMUNITY_ACCESS&timeOfDay=WEEKDAY_NIGHT&date=${today()}`, { token: seeker.token });
    expect(limit.statusCode).toBe(404);
    expect(limit.json().message).toMatch(/community access/);
  });

  it('maps active overnight to self-care weekday night, sleepover to its per-night item, and prices by edition in force on the date', async () => {
    const seeker = await careSeekerWithSession(db());
    expect((await limitOf('lineItem=ACTIVE_OVERNIGHT&timeOfDay=SATURDAY&date=2026-01-15', seeker.token)).supportItemNumber).toBe('01_002_0107_1_1');
    const sleepover = await limitOf('lineItem=SLEEPOVER&timeOfDay=WEEKDAY_DAYTIME&date=2026-01-15', seeker.token);
    expect(sleepover).toMatchObject({ supportItemNumber: '01_010_0107_1_1', unit: 'E', priceLimit: 29760, edition: '2025-26' });
    expect(await limitOf('lineItem=SELF_CARE&timeOfDay=WEEKDAY_DAYTIME&date=2026-06-30', seeker.token)).toMatchObject({ priceLimit: 7023, edition: '2025-26' });
    expect(await limitOf('lineItem=SELF_CARE&timeOfDay=WEEKDAY_DAYTIME&date=2026-07-01', seeker.token)).toMatchObject({ priceLimit: 7358, edition: '2026-27' });
    // The 2026-27 edition has no public holiday self-care item: the older edition still prices it.
    expect(await limitOf('lineItem=SELF_CARE&timeOfDay=PUBLIC_HOLIDAY&date=2026-08-01', seeker.token)).toMatchObject({ supportItemNumber: '01_012_0107_1_1', edition: '2025-26' });
    expect((await limitOf('lineItem=OTHER&timeOfDay=SUNDAY&date=2026-08-01', seeker.token)).supportItemNumber).toMatch(/^0[14]_/);
    const worker = await workerWithSession(db());
    expect((await call('GET', '/api/ndis/price-limit?lineItem=NOPE&timeOfDay=SUNDAY&date=2026-08-01', { token: worker.token })).statusCode).toBe(400);
    expect((await call('GET', '/api/ndis/price-limit?lineItem=SELF_CARE&timeOfDay=SUNDAY&date=2026-08-01')).statusCode).toBe(401);
  });

  it('prices remote and very remote clients at the catalogue’s remote prices', async () => {
    for (const [mmm, column] of [
      [6, 'priceRemoteCents'],
      [7, 'priceVeryRemoteCents'],
    ] as const) {
      const place = await placeWithMmm(db(), mmm);
      const seeker = await careSeekerWithSession(db(), { state: place.state, postcode: place.postcode, suburb: place.suburb });
      const worker = await workerWithSession(db());
      const [item] = await db().select().from(ndisSupportItems).where(eq(ndisSupportItems.number, '01_013_0107_1_1'));
      const remoteLimits = (await db().select().from(ndisSupportItems).where(eq(ndisSupportItems.number, '01_013_0107_1_1')))
        .filter((row) => row[column] !== null)
        .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
      const limit = remoteLimits[0]![column]!;
      expect(limit).toBeGreaterThan(item!.priceNationalCents!);
      const start = todayIn(place.state);
      const above = await call('POST', '/api/contracts', {
        token: seeker.token,
        payload: ndisOffer(worker.user.id, [{ lineItem: 'SELF_CARE', timeOfDay: 'SATURDAY', amount: limit + 1 }], { startDate: start }),
      });
      expect(above.statusCode, above.body).toBe(400);
      expect(above.json().message).toContain(formatCents(limit));
      const ok = await offerOk(call, seeker.token, ndisOffer(worker.user.id, [{ lineItem: 'SELF_CARE', timeOfDay: 'SATURDAY', amount: limit }], { startDate: start }));
      expect(ok.ndisRates[0]!.priceLimit).toBe(limit);
    }
  });

  it('falls back to the level-1 item where no level-2 item exists for the band', async () => {
    const seeker = await careSeekerWithSession(db());
    expect((await limitOf('lineItem=SELF_CARE&level=TWO&timeOfDay=SUNDAY&date=2026-01-15', seeker.token)).supportItemNumber).toBe('01_403_0104_1_1');
    // This test file's own database: take the level-2 Sunday item away.
    await db().delete(ndisSupportItems).where(eq(ndisSupportItems.number, '01_403_0104_1_1'));
    expect(await limitOf('lineItem=SELF_CARE&level=TWO&timeOfDay=SUNDAY&date=2026-01-15', seeker.token)).toMatchObject({ supportItemNumber: '01_014_0107_1_1', priceLimit: 12743 });
  });

  it('suggests the worker’s rates capped at each limit for an NDIS job in the defaults', async () => {
    const { seeker, worker } = await pair();
    const job = await postJob(call, seeker.token, { payingForCareType: 'NDIS_SELF_MANAGED', clientName: 'Ari Nguyen' });
    const response = await call('GET', `/api/contracts/defaults?workerId=${worker.user.id}&jobId=${job.id}`, { token: seeker.token });
    expect(response.statusCode, response.body).toBe(200);
    const defaults = contractDefaultsSchema.parse(response.json());
    expect(defaults).toMatchObject({ fundingType: 'NDIS_SELF_MANAGED', clientName: 'Ari Nguyen', clientState: 'NSW', job: { id: job.id } });
    expect(defaults.rates).toMatchObject({ hourlyRateForWeekdays: 4550, travelExpenseRate: 95, rateForOverniteCare: 6000 });
    expect(defaults.ndisRates.map((rate) => rate.timeOfDay)).toContain('WEEKDAY_DAYTIME');
    for (const rate of defaults.ndisRates) expect(rate.amount).toBeLessThanOrEqual(rate.priceLimit ?? Infinity);
    // Each open job with its state: chosen on a form opened without a job, it sets the planned shifts' time zone.
    expect(defaults.openJobs.find((open) => open.id === job.id)).toMatchObject({ state: 'NSW' });
    const noJob = contractDefaultsSchema.parse((await call('GET', `/api/contracts/defaults?workerId=${worker.user.id}`, { token: seeker.token })).json());
    expect(noJob.openJobs.find((open) => open.id === job.id)).toMatchObject({ state: 'NSW' });
    expect(noJob).toMatchObject({ fundingType: 'PRIVATE', clientName: 'Helen Nguyen', ndisRates: [] });
    const stranger = await careSeekerWithSession(db());
    expect((await call('GET', `/api/contracts/defaults?workerId=${worker.user.id}&jobId=${job.id}`, { token: stranger.token })).statusCode).toBe(404);
  });
});

describe('moves', () => {
  it('accepts with the signature, closes the job as filled and records the award', async () => {
    const { seeker, worker } = await pair();
    const job = await postJob(call, seeker.token);
    const contract = await offerOk(call, seeker.token, offer(worker.user.id, { jobId: job.id }));
    const wrongName = await accept(worker.token, contract.id, 'Someone Else');
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().message).toBe(SIGNATURE_MESSAGE);
    const response = await accept(worker.token, contract.id, '  wren   WALKER ', '203.0.113.9');
    expect(response.statusCode, response.body).toBe(200);
    expect(contractSchema.parse(response.json())).toMatchObject({ status: 'ACTIVE', signedName: 'wren   WALKER', jobId: job.id, jobTitle: job.title });
    const [row] = await db().select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.signedIp).toBe('203.0.113.9');
    expect(row?.signedAt).toBeInstanceOf(Date);
    const [award] = await db().select().from(jobAwards).where(eq(jobAwards.jobId, job.id));
    expect(award?.contractId).toBe(contract.id);
    const [jobRow] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(jobRow?.status).toBe('FILLED');
    expect(jobRow?.closedAt).toBeInstanceOf(Date);
    expect((await outboxOf(subject.app, seeker.user.email))[0]?.subject).toBe('Wren Walker accepted your service agreement');
    const detail = (await call('GET', `/api/jobs/${job.id}`, { token: seeker.token })).json();
    expect(detail).toMatchObject({ status: 'FILLED', jobAward: { contractId: contract.id, workerId: worker.user.id }, contracts: [{ id: contract.id, status: 'ACTIVE' }] });
    const seenByWorker = (await call('GET', `/api/jobs/${job.id}`, { token: worker.token })).json();
    expect(seenByWorker).not.toHaveProperty('jobAward');
    expect(seenByWorker).not.toHaveProperty('contracts');
  });

  it('does not trust a forwarded address from an untrusted client', async () => {
    const { seeker, worker } = await pair();
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    const response = await call('POST', `/api/contracts/${contract.id}/accept`, {
      token: worker.token,
      payload: { signatureName: 'Wren Walker', agreed: true },
      ip: '198.51.100.7',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await db().select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.signedIp).toBe('198.51.100.7');
  });

  it('lets one of two accepts at once win; the other is a 409', { tags: ['drivers'] }, async () => {
    const { seeker, worker } = await pair();
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    const responses = await Promise.all([accept(worker.token, contract.id), accept(worker.token, contract.id)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().message).toBe(illegalContractMoveMessage('ACTIVE', 'accept'));
  });

  it('declines with a reason and withdraws; the wrong side is refused (403) and a closed agreement cannot move (409)', async () => {
    const { seeker, worker } = await pair();
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    expect((await accept(seeker.token, contract.id)).statusCode).toBe(403);
    expect((await call('POST', `/api/contracts/${contract.id}/withdraw`, { token: worker.token })).statusCode).toBe(403);
    const declined = await call('POST', `/api/contracts/${contract.id}/decline`, { token: worker.token, payload: { reason: 'I am fully booked' } });
    expect(contractSchema.parse(declined.json())).toMatchObject({ status: 'DECLINED', declinedReason: 'I am fully booked' });
    expect((await outboxOf(subject.app, seeker.user.email))[0]?.text).toContain('I am fully booked');
    const illegal: [string, string, string, Record<string, unknown>?][] = [
      ['accept', worker.token, illegalContractMoveMessage('DECLINED', 'accept'), { signatureName: 'Wren Walker', agreed: true }],
      ['decline', worker.token, illegalContractMoveMessage('DECLINED', 'decline'), {}],
      ['withdraw', seeker.token, illegalContractMoveMessage('DECLINED', 'withdraw')],
      ['terminate', seeker.token, illegalContractMoveMessage('DECLINED', 'terminate'), { reason: 'x', noticeDate: today() }],
    ];
    for (const [action, token, message, payload] of illegal) {
      const response = await call('POST', `/api/contracts/${contract.id}/${action}`, { token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, action).toBe(409);
      expect(response.json().message, action).toBe(message);
    }

    const second = await offerOk(call, seeker.token, offer(worker.user.id));
    const withdrawn = await call('POST', `/api/contracts/${second.id}/withdraw`, { token: seeker.token });
    expect(contractSchema.parse(withdrawn.json()).status).toBe('WITHDRAWN');
    expect((await outboxOf(subject.app, worker.user.email))[0]?.subject).toBe('Helen Nguyen withdrew their offer');
    expect((await call('POST', `/api/contracts/${second.id}/terminate`, { token: worker.token, payload: { reason: 'x', noticeDate: today() } })).json().message).toBe(
      illegalContractMoveMessage('WITHDRAWN', 'terminate'),
    );
  });

  it('terminates an active agreement from either side, with a reason and a last day today or later; an offered one cannot be terminated', async () => {
    const { seeker, worker } = await pair();
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    const early = await call('POST', `/api/contracts/${contract.id}/terminate`, { token: seeker.token, payload: { reason: 'Moving', noticeDate: today() } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(illegalContractMoveMessage('OFFERED', 'terminate'));
    await accept(worker.token, contract.id);
    const past = await call('POST', `/api/contracts/${contract.id}/terminate`, { token: worker.token, payload: { reason: 'Moving', noticeDate: '2020-01-01' } });
    expect(past.statusCode).toBe(400);
    expect((await call('POST', `/api/contracts/${contract.id}/terminate`, { token: worker.token, payload: { reason: '', noticeDate: today() } })).statusCode).toBe(400);
    const ended = await call('POST', `/api/contracts/${contract.id}/terminate`, { token: worker.token, payload: { reason: 'I am moving interstate', noticeDate: today() } });
    expect(contractSchema.parse(ended.json())).toMatchObject({ status: 'TERMINATED', terminationReason: 'I am moving interstate', terminationNoticeDate: today() });
    expect((await outboxOf(subject.app, seeker.user.email))[0]?.subject).toBe('Wren Walker is ending your service agreement');
    const [audit] = (await db().select().from(auditEvents).where(eq(auditEvents.targetId, contract.id))).filter((event) => event.action === 'contract.terminated');
    expect(audit?.actorUserId).toBe(worker.user.id);
    expect((await call('POST', `/api/contracts/${contract.id}/withdraw`, { token: seeker.token })).statusCode).toBe(409);
  });

  it('is not ended while hours under it wait for approval (workflows.md), and is once they are decided', async () => {
    const { seeker, worker, contract, hoursId } = await agreementWithSubmittedHours();
    const refused = await call('POST', `/api/contracts/${contract.id}/terminate`, { token: worker.token, payload: { reason: 'Moving', noticeDate: today() } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HOURS_AWAITING_APPROVAL_MESSAGE);
    expect((await call('GET', `/api/contracts/${contract.id}`, { token: seeker.token })).json().status).toBe('ACTIVE');
    await db().update(timesheets).set({ status: 'REJECTED', rejectionReason: 'Wrong day' }).where(eq(timesheets.id, hoursId));
    const ended = await call('POST', `/api/contracts/${contract.id}/terminate`, { token: worker.token, payload: { reason: 'Moving', noticeDate: today() } });
    expect(ended.statusCode, ended.body).toBe(200);
  });

  it('is not ended while an invoice under it is unpaid, and is once it is paid', async () => {
    const { seeker, contract, hoursId } = await agreementWithSubmittedHours();
    const { invoiceId } = await db().transaction(async (tx) => {
      await tx.update(timesheets).set({ status: 'APPROVED', decidedAt: new Date() }).where(eq(timesheets.id, hoursId));
      return issueInvoiceForTimesheet(tx, { timesheetId: hoursId, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } });
    });
    const refused = await call('POST', `/api/contracts/${contract.id}/terminate`, { token: seeker.token, payload: { reason: 'Moving', noticeDate: today() } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICES_UNPAID_MESSAGE);
    await db().update(invoices).set({ status: 'PAID', paidAt: new Date() }).where(eq(invoices.id, invoiceId));
    const ended = await call('POST', `/api/contracts/${contract.id}/terminate`, { token: seeker.token, payload: { reason: 'Moving', noticeDate: today() } });
    expect(ended.statusCode, ended.body).toBe(200);
  });
});

describe('ending an agreement cancels the shifts after its last day', () => {
  it('cancels shifts that start after the last day in the client’s zone (not as short notice), and keeps the ones before', { tags: ['one-driver'] }, async () => {
    const { seeker, worker } = await pair();
    const contract = await offerOk(call, seeker.token, offer(worker.user.id));
    await accept(worker.token, contract.id);
    const lastDay = format(addDays(parseISO(today()), 3), 'yyyy-MM-dd');
    const dayAfter = format(addDays(parseISO(lastDay), 1), 'yyyy-MM-dd');
    const [booking] = await db()
      .insert(bookings)
      .values({ contractId: contract.id, timeZone: 'Australia/Sydney', firstStartLocal: `${lastDay}T22:00`, firstEndLocal: `${lastDay}T23:30` })
      .returning();
    const at = (local: string) => localToInstant(local, 'Australia/Sydney');
    const rows = await db()
      .insert(shifts)
      .values(
        [
          [`${lastDay}T22:00`, `${lastDay}T23:30`],
          [`${dayAfter}T00:00`, `${dayAfter}T02:00`],
          [`${dayAfter}T09:00`, `${dayAfter}T11:00`],
        ].map(([start, end]) => ({
          bookingId: booking!.id,
          contractId: contract.id,
          workerId: worker.user.id,
          careSeekerId: seeker.user.id,
          startsAt: at(start!),
          endsAt: at(end!),
          timeZone: 'Australia/Sydney',
          status: 'CONFIRMED' as const,
        })),
      )
      .returning({ id: shifts.id });
    const response = await call('POST', `/api/contracts/${contract.id}/terminate`, { token: seeker.token, payload: { reason: 'Moving into care', noticeDate: lastDay } });
    expect(response.statusCode, response.body).toBe(200);
    const after = await Promise.all(rows.map(async (row) => (await db().select().from(shifts).where(eq(shifts.id, row.id)))[0]!));
    expect(after.map((shift) => shift.status)).toEqual(['CONFIRMED', 'CANCELLED', 'CANCELLED']);
    expect(after[1]).toMatchObject({ shortNotice: false, cancelledBySide: 'CARE_SEEKER', cancelledByUserId: seeker.user.id });
  });
});

describe('the daily end of agreements', () => {
  it('ends an active agreement only after its end date has passed in the client’s zone, and emails both sides', async () => {
    const seeker = await careSeekerWithSession(db(), { state: 'WA', postcode: '6000', suburb: 'Perth' });
    const worker = await workerWithSession(db());
    const endDate = plusDays(todayIn('WA'), 30);
    const contract = await offerOk(call, seeker.token, offer(worker.user.id, { startDate: todayIn('WA'), endDate }));
    await accept(worker.token, contract.id);
    const site = contractEmailSite(subject.config);
    // 23:30 on the end date in Perth (15:30 UTC): the end date is still today there.
    await runContractEndCheck(db(), site, new Date(`${endDate}T15:30:00Z`));
    expect((await db().select().from(contracts).where(eq(contracts.id, contract.id)))[0]?.status).toBe('ACTIVE');
    // 00:30 the next day in Perth (16:30 UTC).
    expect(await runContractEndCheck(db(), site, new Date(`${endDate}T16:30:00Z`))).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.status).toBe('ENDED');
    expect(row?.closedAt).toBeInstanceOf(Date);
    await subject.drainJobs();
    for (const email of [seeker.user.email, worker.user.email]) expect((await outboxOf(subject.app, email))[0]?.subject).toBe('Your service agreement has ended');
  });
});

describe('GET /api/contracts/{id}/pdf', () => {
  it('gives the parties the agreement naming both parties, the client and every rate', async () => {
    const { seeker, worker } = await pair();
    const job = await postJob(call, seeker.token, { payingForCareType: 'NDIS_SELF_MANAGED', clientName: 'Ari Nguyen' });
    const contract = await offerOk(
      call,
      seeker.token,
      offer(worker.user.id, { jobId: job.id, fundingType: 'NDIS_SELF_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'SATURDAY', amount: 9000 }] }),
    );
    const unsigned = await call('GET', `/api/contracts/${contract.id}/pdf`, { token: worker.token });
    expect(unsigned.statusCode).toBe(200);
    expect(unsigned.headers['content-type']).toBe('application/pdf');
    expect(unsigned.headers['content-disposition']).toBe(`attachment; filename="service-agreement-${contract.id.slice(0, 8)}.pdf"`);
    const unsignedText = (await extractText(new Uint8Array(unsigned.rawPayload), { mergePages: true })).text;
    expect(unsignedText).toContain('Not yet signed');

    await accept(worker.token, contract.id, 'Wren Walker', '203.0.113.20');
    const response = await call('GET', `/api/contracts/${contract.id}/pdf`, { token: seeker.token });
    const { text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
    for (const expected of ['Helen Nguyen', 'Wren Walker', 'Ari Nguyen', '203.0.113.20', '01_013_0107_1_1', 'Sam Nguyen', '0412 345 678']) expect(text).toContain(expected);
    for (const cents of [4550, 5525, 6575, 9010, 5040, 6120, 97, 9000]) expect(text).toContain(formatCents(cents));
  });

  it('prints names in Chinese, Vietnamese and Arabic as typed, in an agreement tagged for screen readers', async () => {
    const { chinese, vietnamese, arabic } = namesInManyScripts;
    const seeker = await careSeekerWithSession(db(), { firstName: vietnamese.firstName, lastName: vietnamese.lastName });
    const worker = await workerWithSession(db(), { user: { firstName: arabic.firstName, lastName: arabic.lastName } });
    const job = await postJob(call, seeker.token, { payingForCareType: 'PRIVATE', clientName: chinese.fullName });
    const contract = await offerOk(call, seeker.token, offer(worker.user.id, { jobId: job.id }));
    expect((await accept(worker.token, contract.id, arabic.fullName)).statusCode).toBe(200);
    const response = await call('GET', `/api/contracts/${contract.id}/pdf`, { token: seeker.token });
    expect(response.statusCode).toBe(200);
    const reading = await readPdf(response.rawPayload);
    expectAccessiblePdf(reading, 'Service agreement');
    expect(reading.text).toContain(`Care seeker: ${vietnamese.fullName}`);
    expect(reading.text).toContain(`Person receiving support (the client): ${chinese.fullName}`);
    // The worker and the signature: Arabic is drawn right to left; its text as typed is what a screen reader reads.
    expect(reading.actualTexts.filter((text) => text === arabic.fullName)).toHaveLength(2);
    expect(reading.roles).toContain('H2');
  });
});
