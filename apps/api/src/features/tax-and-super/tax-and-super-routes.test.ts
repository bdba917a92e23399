import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taxAndSuperViewSchema } from '@tendly/domain/api/worker-onboarding';
import { ABN_CHECK_MESSAGE, ABN_LENGTH_MESSAGE, ACCOUNT_NUMBER_MESSAGE, BSB_MESSAGE } from '@tendly/domain/validation/tax-and-super';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { loadFieldCipher, FieldCipherError } from '../../platform/crypto/field-cipher';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { useTestApp } from '../../test-support/test-app';
import { createUser, createWorker, sessionFor } from '../auth/test-factories';

const KEY = 'e3'.repeat(32);
const { call, db } = useTestApp({ env: { ENCRYPTION_KEY: KEY } });

const details = (overrides: Record<string, unknown> = {}, bank: Record<string, unknown> = {}) => ({
  abn: '51 824 753 556',
  abnLegalName: 'Wren Worker',
  gstRegistered: false,
  superFund: { name: 'Australian Super', identifierType: 'USI', identifier: 'STA0100AU', memberNumber: '123456' },
  bankAccount: { accountName: 'W Worker', bsb: '062-000', accountNumber: '12345678', ...bank },
  ...overrides,
});

async function signedInWorker() {
  const worker = await createWorker(db(), { profileStatus: 'INACTIVE' });
  return { worker, token: await sessionFor(db(), worker.id) };
}

describe('/api/worker/tax-and-super', () => {
  it('answers 401 to a visitor and 403 to a care seeker and an admin', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      expect((await call(method, '/api/worker/tax-and-super', { payload: details() })).statusCode).toBe(401);
      for (const role of ['CS', 'ADMIN'] as const) {
        const token = await sessionFor(db(), (await createUser(db(), { role })).id);
        expect((await call(method, '/api/worker/tax-and-super', { token, payload: details() })).statusCode).toBe(403);
      }
    }
  });

  it('is empty until saved, then shows only the last three digits of the account number', async () => {
    const { worker, token } = await signedInWorker();
    expect((await call('GET', '/api/worker/tax-and-super', { token })).json()).toEqual({ details: null });
    const saved = await call('PUT', '/api/worker/tax-and-super', { token, payload: details() });
    expect(saved.statusCode).toBe(200);
    const body = taxAndSuperViewSchema.parse(saved.json());
    expect(body.details).toMatchObject({
      abn: '51824753556',
      superFund: { identifier: 'STA0100AU' },
      bankAccount: { accountName: 'W Worker', bsb: '062000', maskedAccountNumber: '•••• 678' },
    });
    expect(JSON.stringify(body)).not.toContain('12345678');
    expect(JSON.stringify((await call('GET', '/api/worker/tax-and-super', { token })).json())).not.toContain('12345678');

    // At rest: never the number, only its last digits and the ciphertext, which this key reads.
    const [row] = await db().select().from(workerTaxDetails).where(eq(workerTaxDetails.workerId, worker.id));
    expect(JSON.stringify(row)).not.toContain('12345678');
    expect(row?.accountNumberLastDigits).toBe('678');
    const stored = row?.accountNumberEncrypted ?? '';
    expect(await (await loadFieldCipher({ ENCRYPTION_KEY: KEY }, db())).decrypt(stored)).toBe('12345678');
    await expect((await loadFieldCipher({ ENCRYPTION_KEY: 'f4'.repeat(32) }, db())).decrypt(stored)).rejects.toThrow(FieldCipherError);
  });

  it('keeps the stored account number when a save leaves it out, and replaces it when one is given', async () => {
    const { worker, token } = await signedInWorker();
    const first = await call('PUT', '/api/worker/tax-and-super', { token, payload: details({}, { accountNumber: undefined }) });
    expect(first.statusCode).toBe(400);
    expect(first.json().errors).toEqual({ 'bankAccount.accountNumber': ACCOUNT_NUMBER_MESSAGE });

    await call('PUT', '/api/worker/tax-and-super', { token, payload: details() });
    const [before] = await db().select().from(workerTaxDetails).where(eq(workerTaxDetails.workerId, worker.id));
    const kept = await call('PUT', '/api/worker/tax-and-super', { token, payload: details({ gstRegistered: true }, { accountNumber: '' }) });
    expect(kept.statusCode).toBe(200);
    expect(taxAndSuperViewSchema.parse(kept.json()).details).toMatchObject({ gstRegistered: true, bankAccount: { maskedAccountNumber: '•••• 678' } });
    const [after] = await db().select().from(workerTaxDetails).where(eq(workerTaxDetails.workerId, worker.id));
    expect(after?.accountNumberEncrypted).toBe(before?.accountNumberEncrypted);

    const replaced = await call('PUT', '/api/worker/tax-and-super', { token, payload: details({}, { accountNumber: '9876543210' }) });
    expect(taxAndSuperViewSchema.parse(replaced.json()).details?.bankAccount.maskedAccountNumber).toBe('•••• 210');
  });

  it('answers 400 with each field’s message: ABN length and check digits, BSB, account number, unsafe text', async () => {
    const { token } = await signedInWorker();
    const cases: [Record<string, unknown>, string, string][] = [
      [details({ abn: '1234' }), 'abn', ABN_LENGTH_MESSAGE],
      [details({ abn: '51 824 753 557' }), 'abn', ABN_CHECK_MESSAGE],
      [details({}, { bsb: '06200' }), 'bankAccount.bsb', BSB_MESSAGE],
      [details({}, { accountNumber: '12345' }), 'bankAccount.accountNumber', ACCOUNT_NUMBER_MESSAGE],
      [details({ abnLegalName: 'Wren\u0000' }), 'abnLegalName', UNSAFE_TEXT_MESSAGE],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('PUT', '/api/worker/tax-and-super', { token, payload });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors, field).toMatchObject({ [field]: message });
    }
    // Valid ABNs of the Australian Business Register pass.
    for (const abn of ['53 004 085 616', '51824753556']) {
      expect((await call('PUT', '/api/worker/tax-and-super', { token, payload: details({ abn }) })).statusCode, abn).toBe(200);
    }
  });
});
