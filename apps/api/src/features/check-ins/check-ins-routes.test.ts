import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CHECK_IN_FUTURE_MESSAGE,
  CHECK_IN_NUMBER_MESSAGE,
  CHECK_IN_YEAR_MESSAGE,
  checkInListSchema,
  checkInSchema,
  HOURS_MESSAGE,
  INCIDENT_DETAILS_MESSAGE,
  quarterOf,
  WELLBEING_MESSAGE,
} from '@tendly/domain/api/check-ins';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { workerCheckIns } from '../../platform/db/schema/onboarding';
import { useTestApp } from '../../test-support/test-app';
import { signedIn } from '../../test-support/signed-in-users';
import { createUser, createWorker, sessionFor } from '../auth/test-factories';

const { call, db } = useTestApp();

const answers = { wellbeing: 4, hadIncidents: false, trainingNeeds: 'Dementia care', hoursPerWeek: 24 };
const current = quarterOf(new Date());
const lastYear = current.year - 1;

async function signedInWorker(profileStatus: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') {
  const user = await createWorker(db(), { profileStatus });
  return signedIn(db(), user);
}

function put(token: string | undefined, year: number | string, number: number | string, payload: unknown) {
  return call('PUT', `/api/worker/check-ins/${year}/${number}`, { ...(token ? { token } : {}), payload });
}

describe('who may use check-ins', () => {
  it('asks a visitor to sign in (401) and refuses other roles (403)', async () => {
    expect((await call('GET', '/api/worker/check-ins')).json()).toMatchObject({ message: PLEASE_LOGIN });
    expect((await put(undefined, lastYear, 1, answers)).statusCode).toBe(401);
    for (const role of ['CS', 'SUPPORT', 'ADMIN'] as const) {
      const token = await sessionFor(db(), (await createUser(db(), { role })).id);
      const list = await call('GET', '/api/worker/check-ins', { token });
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ message: NOT_AUTHORIZED });
      expect((await put(token, lastYear, 1, answers)).statusCode).toBe(403);
    }
  });

  it('lets an inactive worker in, as the route table does (spec 4 only hides the menu item)', async () => {
    const { token } = await signedInWorker('INACTIVE');
    expect((await put(token, lastYear, 2, answers)).statusCode).toBe(200);
    expect((await call('GET', '/api/worker/check-ins', { token })).statusCode).toBe(200);
  });
});

describe('PUT /api/worker/check-ins/{year}/{number}', () => {
  it('adds a check-in, and replaces the one of the same number and year (spec 4)', async () => {
    const { user, token } = await signedInWorker();
    const first = await put(token, lastYear, 3, answers);
    expect(first.statusCode).toBe(200);
    expect(checkInSchema.parse(first.json())).toMatchObject({ year: lastYear, number: 3, ...answers, incidentDetails: '' });

    const replaced = await put(token, lastYear, 3, { ...answers, wellbeing: 2, hadIncidents: true, incidentDetails: 'A client fell on 2 August.' });
    expect(replaced.json()).toMatchObject({ wellbeing: 2, hadIncidents: true, incidentDetails: 'A client fell on 2 August.' });
    await put(token, lastYear, 4, answers);
    await put(token, current.year, current.number, { ...answers, hoursPerWeek: 37.5 });

    const rows = await db().select().from(workerCheckIns).where(eq(workerCheckIns.workerId, user.id));
    expect(rows).toHaveLength(3);
    const list = checkInListSchema.parse((await call('GET', '/api/worker/check-ins', { token })).json());
    expect(list.current).toEqual(current);
    expect(list.checkIns.map((checkIn) => [checkIn.year, checkIn.number])).toEqual([
      [current.year, current.number],
      [lastYear, 4],
      [lastYear, 3],
    ]);
    expect(list.checkIns[2]).toMatchObject({ wellbeing: 2, hadIncidents: true });
    expect(list.checkIns[0]!.hoursPerWeek).toBe(37.5);
  });

  it('shows a worker only their own check-ins', async () => {
    const mine = await signedInWorker();
    const theirs = await signedInWorker();
    await put(theirs.token, lastYear, 1, { ...answers, trainingNeeds: 'Private to them' });
    const list = checkInListSchema.parse((await call('GET', '/api/worker/check-ins', { token: mine.token })).json());
    expect(list.checkIns).toEqual([]);
  });

  it('refuses bad answers with each field’s message: 400', async () => {
    const { token } = await signedInWorker();
    const cases: [unknown, string, string][] = [
      [{ ...answers, wellbeing: 6 }, 'wellbeing', WELLBEING_MESSAGE],
      [{ ...answers, wellbeing: undefined }, 'wellbeing', WELLBEING_MESSAGE],
      [{ ...answers, hadIncidents: true }, 'incidentDetails', INCIDENT_DETAILS_MESSAGE],
      [{ ...answers, hoursPerWeek: 200 }, 'hoursPerWeek', HOURS_MESSAGE],
      [{ ...answers, trainingNeeds: 'CPR\u0000' }, 'trainingNeeds', UNSAFE_TEXT_MESSAGE],
    ];
    for (const [payload, field, message] of cases) {
      const response = await put(token, lastYear, 1, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors, field).toMatchObject({ [field]: message });
    }
  });

  it('refuses a number outside 1 to 4, a year out of range and a quarter that has not started: 400', async () => {
    const { token } = await signedInWorker();
    const bad: [string | number, string | number, string, string][] = [
      [lastYear, 5, 'number', CHECK_IN_NUMBER_MESSAGE],
      [lastYear, 0, 'number', CHECK_IN_NUMBER_MESSAGE],
      ['20x4', 1, 'year', CHECK_IN_YEAR_MESSAGE],
      [1999, 1, 'year', CHECK_IN_YEAR_MESSAGE],
      [current.year + 1, 1, 'year', CHECK_IN_YEAR_MESSAGE],
    ];
    if (current.number < 4) bad.push([current.year, current.number + 1, 'year', CHECK_IN_FUTURE_MESSAGE]);
    for (const [year, number, field, message] of bad) {
      const response = await put(token, year, number, answers);
      expect(response.statusCode, `${year}/${number}`).toBe(400);
      expect(response.json().errors, `${year}/${number}`).toMatchObject({ [field]: message });
    }
  });
});
