import { describe, expect, it } from 'vitest';
import { fundingDetailsResponseSchema } from '@tendly/domain/api/payments';
import {
  ABN_MESSAGE,
  ABN_NOT_VALID_MESSAGE,
  DATE_MESSAGE,
  DATE_OF_BIRTH_FUTURE_MESSAGE,
  DATE_OF_BIRTH_TOO_OLD_MESSAGE,
  NDIS_NUMBER_MESSAGE,
  PLAN_END_MESSAGE,
} from '@tendly/domain/validation/participant-details';
import { useTestApp } from '../../test-support/test-app';
import { signedIn } from '../../test-support/signed-in-users';
import { createCoordinator, createUser, createWorker, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient } from '../jobs/test-jobs';

const { call, db } = useTestApp();

const details = {
  participantFirstName: 'Mia',
  participantLastName: 'Nguyen',
  dateOfBirth: '1988-04-12',
  fundingType: 'NDIS_PLAN_MANAGED',
  ndisNumber: '430 123 456',
  planStartDate: '2026-07-01',
  planEndDate: '2027-06-30',
  planManagerName: 'Plan Partners',
  planManagerEmail: 'Invoices@PlanPartners.example',
  planManagerAbn: '51 824 753 556',
  agedCareProviderName: '',
  agedCareProviderEmail: '',
  agedCareProviderAbn: '',
  invoiceAddress: 'PO Box 12\nParramatta NSW 2150',
};

async function careSeeker() {
  const user = await createUser(db());
  return signedIn(db(), user);
}

describe('PUT /api/funding-details', () => {
  it('keeps the person supported, their funding, plan, plan manager with ABN and invoice address', async () => {
    const { token } = await careSeeker();
    const saved = await call('PUT', '/api/funding-details', { token, payload: details });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      participantFirstName: 'Mia',
      participantLastName: 'Nguyen',
      dateOfBirth: '1988-04-12',
      fundingType: 'NDIS_PLAN_MANAGED',
      ndisNumber: '430123456',
      planStartDate: '2026-07-01',
      planEndDate: '2027-06-30',
      planManagerName: 'Plan Partners',
      planManagerEmail: 'invoices@planpartners.example',
      planManagerAbn: '51824753556',
      agedCareProviderName: null,
      agedCareProviderEmail: null,
      agedCareProviderAbn: null,
      invoiceAddress: 'PO Box 12\nParramatta NSW 2150',
      fundingTypes: [],
    };
    expect(fundingDetailsResponseSchema.parse(saved.json())).toEqual(expected);
    expect((await call('GET', '/api/funding-details', { token })).json()).toEqual(expected);

    // An empty field clears what was there.
    const cleared = await call('PUT', '/api/funding-details', { token, payload: { ...details, planManagerAbn: '', dateOfBirth: '', fundingType: '' } });
    expect(cleared.json()).toMatchObject({ planManagerAbn: null, dateOfBirth: null, fundingType: null, ndisNumber: '430123456' });
  });

  it('checks each field and answers 400 with the message at the field', async () => {
    const { token } = await careSeeker();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ndisNumber: '123456789' }, 'ndisNumber', NDIS_NUMBER_MESSAGE],
      [{ ndisNumber: '43012345' }, 'ndisNumber', NDIS_NUMBER_MESSAGE],
      [{ planManagerAbn: '51 824 753 557' }, 'planManagerAbn', ABN_NOT_VALID_MESSAGE],
      [{ agedCareProviderAbn: '1234' }, 'agedCareProviderAbn', ABN_MESSAGE],
      [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', DATE_OF_BIRTH_FUTURE_MESSAGE],
      [{ dateOfBirth: '1850-06-01' }, 'dateOfBirth', DATE_OF_BIRTH_TOO_OLD_MESSAGE],
      [{ dateOfBirth: '2001-02-29' }, 'dateOfBirth', DATE_MESSAGE],
      [{ planStartDate: '2026-07-01', planEndDate: '2026-06-30' }, 'planEndDate', PLAN_END_MESSAGE],
      [{ planStartDate: '2026-13-01' }, 'planStartDate', DATE_MESSAGE],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('PUT', '/api/funding-details', { token, payload: { ...details, ...payload } });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual({ [field]: message });
    }
  });

  it('answers 400, never 500, to what cannot be stored or is the wrong type', async () => {
    const { token } = await careSeeker();
    for (const payload of [
      { participantFirstName: 'Mi\u0000a' },
      { invoiceAddress: 'x'.repeat(5000) },
      { ndisNumber: 430123456 },
      { planManagerAbn: 1e40 },
      { dateOfBirth: 19880412 },
      { fundingType: 'BARTER' },
      { planManagerEmail: 'not an email' },
    ]) {
      const response = await call('PUT', '/api/funding-details', { token, payload: { ...details, ...payload } });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toHaveLength(1);
    }
  });

  it('is the care seeker’s own, or their client’s for a coordinator acting for them; others 401 or 403', async () => {
    const { aliasToken, client } = await coordinatorActingForClient(db(), call);
    const saved = await call('PUT', '/api/funding-details', { token: aliasToken, payload: details });
    expect(saved.statusCode, saved.body).toBe(200);
    const own = await sessionFor(db(), client.id);
    expect((await call('GET', '/api/funding-details', { token: own })).json()).toMatchObject({ participantFirstName: 'Mia', planManagerAbn: '51824753556' });
    // Someone else's details are never in reach: each care seeker reads their own.
    const other = await careSeeker();
    expect((await call('GET', '/api/funding-details', { token: other.token })).json()).toMatchObject({ participantFirstName: null, ndisNumber: null });

    expect((await call('PUT', '/api/funding-details', { payload: details })).statusCode).toBe(401);
    for (const user of [await createWorker(db()), await createCoordinator(db())]) {
      const token = await sessionFor(db(), user.id);
      expect((await call('PUT', '/api/funding-details', { token, payload: details })).statusCode).toBe(403);
      expect((await call('GET', '/api/funding-details', { token })).statusCode).toBe(403);
    }
  });
});
