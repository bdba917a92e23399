import { describe, expect, it } from 'vitest';
import { contractEstimateResponseSchema, NDIS_QUOTES_PER_MINUTE, ndisQuoteResponseSchema } from '@tendly/domain/api/invoices';
import { createActiveContract } from '../../platform/billing/test-billing';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, randomIp, sessionFor } from '../auth/test-factories';

const { call, db } = useTestApp({ database: { referenceData: true } });

const quote = (payload: Record<string, unknown>, ip?: string) => call('POST', '/api/pricing/ndis-quote', { payload, ...(ip ? { ip } : {}) });

async function quoteOk(payload: Record<string, unknown>) {
  const response = await quote(payload);
  expect(response.statusCode, response.body).toBe(200);
  return ndisQuoteResponseSchema.parse(response.json());
}

const lineFacts = (lines: { supportItem: string | null; timeBand: string; date: string; minutes: number; hours: number; unitPriceCents: number; amountCents: number; edition: string | null; flagged: boolean }[]) =>
  lines.map((line) => [line.supportItem, line.timeBand, line.date, line.minutes, line.hours, line.unitPriceCents, line.amountCents, line.edition, line.flagged]);

describe('POST /api/pricing/ndis-quote', () => {
  it('prices Alice Springs (Modified Monash 6) at the remote price, anonymously', async () => {
    const answer = await quoteOk({ category: 'SELF_CARE', level: 'ONE', location: 'Alice Springs NT 0870', start: '2025-11-04T09:00', end: '2025-11-04T11:00' });
    expect(answer).toMatchObject({ state: 'NT', mmm: 6, totalCents: 19664 });
    expect(lineFacts(answer.lines)).toEqual([['01_011_0107_1_1', 'WEEKDAY_DAYTIME', '2025-11-04', 120, 2, 9832, 19664, '2025-26', false]]);
  });

  it('prices a very remote place (Modified Monash 7) at the very remote price', async () => {
    const answer = await quoteOk({ category: 'SELF_CARE', location: 'Ayers Rock NT 0872', start: '2025-11-04T09:00', end: '2025-11-04T10:00' });
    expect(answer).toMatchObject({ state: 'NT', mmm: 7, totalCents: 10535 });
  });

  it('splits an evening into the night at midnight on the local clock, with odd minutes rounded half-up', async () => {
    const answer = await quoteOk({ category: 'SELF_CARE', location: 'Marrickville NSW 2204', start: '2026-11-03T22:00', end: '2026-11-04T01:30' });
    expect(answer).toMatchObject({ state: 'NSW', mmm: 1 });
    expect(lineFacts(answer.lines)).toEqual([
      ['01_015_0107_1_1', 'WEEKDAY_EVENING', '2026-11-03', 120, 2, 8107, 16214, '2026-27', false],
      // 1.5 h × $82.57 = $123.855: half-up to $123.86.
      ['01_002_0107_1_1', 'WEEKDAY_NIGHT', '2026-11-04', 90, 1.5, 8257, 12386, '2026-27', false],
    ]);
    expect(answer.totalCents).toBe(16214 + 12386);
    expect((await quoteOk({ category: 'SELF_CARE', location: '2204', start: '2026-11-03T09:00', end: '2026-11-03T10:00' })).state).toBe('NSW');
  });

  it('uses the state’s own public holidays and flags an older edition’s price', async () => {
    // Melbourne Cup Day 2026 is a holiday in Victoria, not in New South Wales; 2026-27 has no level 1 public holiday item.
    const melbourne = await quoteOk({ category: 'SELF_CARE', location: 'Melbourne VIC 3000', start: '2026-11-03T09:00', end: '2026-11-03T10:00' });
    expect(lineFacts(melbourne.lines)).toEqual([['01_012_0107_1_1', 'PUBLIC_HOLIDAY', '2026-11-03', 60, 1, 15603, 15603, '2025-26', true]]);
    const sydney = await quoteOk({ category: 'SELF_CARE', location: 'Sydney NSW 2000', start: '2026-11-03T09:00', end: '2026-11-03T10:00' });
    expect(sydney.lines[0]).toMatchObject({ timeBand: 'WEEKDAY_DAYTIME', flagged: false });
  });

  it('keeps a holiday of part of a state to the place the location names', async () => {
    // Public Holidays Act 1993 (Vic): Melbourne Cup Day is metropolitan Melbourne's; Ballarat keeps its own day.
    const ballarat = await quoteOk({ category: 'SELF_CARE', location: 'Ballarat VIC 3350', start: '2026-11-03T09:00', end: '2026-11-03T10:00' });
    expect(ballarat).toMatchObject({ state: 'VIC' });
    expect(ballarat.lines[0]).toMatchObject({ timeBand: 'WEEKDAY_DAYTIME', supportItem: '01_011_0107_1_1' });
    // Statutory Holidays Act 2000 (Tas): Royal Hobart Regatta (Monday 8 February 2027) in the south only.
    const hobart = await quoteOk({ category: 'SELF_CARE', location: 'Hobart TAS 7000', start: '2027-02-08T09:00', end: '2027-02-08T10:00' });
    expect(hobart.lines[0]).toMatchObject({ timeBand: 'PUBLIC_HOLIDAY' });
    const launceston = await quoteOk({ category: 'SELF_CARE', location: 'Launceston TAS 7250', start: '2027-02-08T09:00', end: '2027-02-08T10:00' });
    expect(launceston.lines[0]).toMatchObject({ timeBand: 'WEEKDAY_DAYTIME' });
    // SafeWork SA 2027: Saturday 25 December is Christmas Day in SA.
    const adelaide = await quoteOk({ category: 'SELF_CARE', location: 'Adelaide SA 5000', start: '2027-12-25T09:00', end: '2027-12-25T10:00' });
    expect(adelaide.lines[0]).toMatchObject({ timeBand: 'PUBLIC_HOLIDAY' });
  });

  it('charges a night-time sleepover one unit a night', async () => {
    const answer = await quoteOk({ category: 'SLEEPOVER', location: 'Marrickville NSW 2204', start: '2026-11-04T22:00', end: '2026-11-05T07:00' });
    expect(answer.lines).toHaveLength(1);
    expect(answer.lines[0]).toMatchObject({ supportItem: '01_010_0107_1_1', unit: 'E', quantity: 1, minutes: 540, unitPriceCents: 31179, amountCents: 31179 });
  });

  it('refuses a time in the daylight-saving gap, an end not after the start and more than 24 hours (400)', async () => {
    const base = { category: 'SELF_CARE', location: 'Marrickville NSW 2204' };
    const gap = await quote({ ...base, start: '2026-10-04T02:30', end: '2026-10-04T05:00' });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().errors.start).toMatch(/does not exist in Australia\/Sydney/);
    const backwards = await quote({ ...base, start: '2026-11-04T10:00', end: '2026-11-04T09:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ message: 'The end time must be after the start time', errors: { end: 'The end time must be after the start time' } });
    expect((await quote({ ...base, start: '2026-11-04T10:00', end: '2026-11-04T10:00' })).statusCode).toBe(400);
    expect((await quote({ ...base, start: '2026-11-04T10:00', end: '2026-11-05T10:01' })).json()).toMatchObject({ message: 'A shift can be at most 24 hours long' });
    expect((await quote({ ...base, start: '4 Nov 2026 10am', end: '2026-11-05T10:00' })).statusCode).toBe(400);
    expect((await quote({ ...base, category: 'MASSAGE', start: '2026-11-04T10:00', end: '2026-11-04T11:00' })).statusCode).toBe(400);
    const nowhere = await quote({ ...base, location: 'Qwertyville', start: '2026-11-04T10:00', end: '2026-11-04T11:00' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors.location).toBeTruthy();
  });

  it('names the band that has no support item (422)', async () => {
    const response = await quote({ category: 'COMMUNITY_ACCESS', location: 'Marrickville NSW 2204', start: '2026-11-04T02:00', end: '2026-11-04T03:00' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The NDIS has no community access support item for weekday night.', code: 'UNPROCESSABLE' });
  });

  it('limits quotes per client address, whatever X-Forwarded-For says (no proxy is trusted)', async () => {
    const ip = randomIp();
    for (let index = 0; index < NDIS_QUOTES_PER_MINUTE; index += 1) {
      // An empty body is refused after it is counted: cheap, and it still counts.
      const response = await call('POST', '/api/pricing/ndis-quote', { payload: {}, ip, headers: { 'x-forwarded-for': randomIp() } });
      expect(response.statusCode).toBe(400);
    }
    const refused = await call('POST', '/api/pricing/ndis-quote', { payload: {}, ip, headers: { 'x-forwarded-for': randomIp() } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect((await quote({ category: 'SELF_CARE', location: '2204', start: '2026-11-03T09:00', end: '2026-11-03T10:00' }, randomIp())).statusCode).toBe(200);
  });
});

describe('POST /api/pricing/contract-estimate', () => {
  const estimate = (token: string | undefined, payload: Record<string, unknown>) => call('POST', '/api/pricing/contract-estimate', { ...(token ? { token } : {}), payload });

  it('prices a shift at the agreement’s band rates for both parties', async () => {
    const contract = await createActiveContract(db(), { gstRegistered: true });
    for (const userId of [contract.workerId, contract.careSeekerId]) {
      const response = await estimate(await sessionFor(db(), userId), { contractId: contract.id, start: '2026-11-03T22:00', end: '2026-11-04T01:30' });
      expect(response.statusCode, response.body).toBe(200);
      const answer = contractEstimateResponseSchema.parse(response.json());
      expect(answer.lines.map((line) => [line.timeBand, line.date, line.hours, line.unitPriceCents, line.amountCents, line.supportItem, line.capped])).toEqual([
        ['WEEKDAY_EVENING', '2026-11-03', 2, 7200, 14400, null, false],
        ['WEEKDAY_NIGHT', '2026-11-04', 1.5, 8000, 12000, null, false],
      ]);
      expect(answer).toMatchObject({ subtotalCents: 26400, gstCents: 2640, totalCents: 29040 });
    }
  });

  it('caps an NDIS-funded client’s rate at the price limit, and names a band with no item', async () => {
    const contract = await createActiveContract(db(), { fundingType: 'NDIS_SELF_MANAGED', saturdayRateCents: 11000, ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }] });
    const token = await sessionFor(db(), contract.careSeekerId);
    const saturday = contractEstimateResponseSchema.parse((await estimate(token, { contractId: contract.id, start: '2026-11-07T09:00', end: '2026-11-07T10:00' })).json());
    expect(saturday.lines[0]).toMatchObject({ supportItem: '01_013_0107_1_1', unitPriceCents: 10354, capped: true, flagged: true });
    expect(saturday.gstCents).toBe(0);
    const night = await estimate(token, { contractId: contract.id, start: '2026-11-04T02:00', end: '2026-11-04T03:00', ndisLineItem: 'COMMUNITY_ACCESS' });
    expect(night.statusCode).toBe(422);
    expect(night.json().message).toBe('The NDIS has no community access support item for weekday night.');
    const gap = await estimate(token, { contractId: contract.id, start: '2026-10-04T02:30', end: '2026-10-04T04:00' });
    expect(gap.statusCode).toBe(400);
  });

  it('prices Melbourne Cup Day by the agreement’s postcode', async () => {
    const payload = { start: '2026-11-03T09:00', end: '2026-11-03T10:00' };
    const melbourne = await createActiveContract(db(), { state: 'VIC', postcode: '3000' });
    const bendigo = await createActiveContract(db(), { state: 'VIC', postcode: '3550' });
    const bandOf = async (contract: typeof melbourne) =>
      contractEstimateResponseSchema.parse((await estimate(await sessionFor(db(), contract.careSeekerId), { contractId: contract.id, ...payload })).json()).lines.map((line) => [line.timeBand, line.unitPriceCents]);
    expect(await bandOf(melbourne)).toEqual([['PUBLIC_HOLIDAY', 16000]]);
    expect(await bandOf(bendigo)).toEqual([['WEEKDAY_DAYTIME', 6500]]);
  });

  it('answers 404 to anyone but the parties, 403 to the wrong role and 401 to a visitor', async () => {
    const contract = await createActiveContract(db());
    const payload = { contractId: contract.id, start: '2026-11-03T09:00', end: '2026-11-03T10:00' };
    expect((await estimate(await sessionFor(db(), (await createUser(db())).id), payload)).statusCode).toBe(404);
    expect((await estimate(await sessionFor(db(), (await createWorker(db())).id), payload)).statusCode).toBe(404);
    expect((await estimate(await sessionFor(db(), (await createCoordinator(db())).id), payload)).statusCode).toBe(403);
    expect((await estimate(await sessionFor(db(), (await createWorker(db(), { profileStatus: 'INACTIVE' })).id), payload)).statusCode).toBe(403);
    expect((await estimate(undefined, payload)).statusCode).toBe(401);
    expect((await estimate(await sessionFor(db(), contract.careSeekerId), { ...payload, contractId: 'nope' })).statusCode).toBe(400);
  });
});
