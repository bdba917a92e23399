import { eq } from 'drizzle-orm';
import type { TaxAndSuperView } from '@tendly/domain/api/worker-onboarding';
import { ACCOUNT_NUMBER_MESSAGE, maskedAccountNumber } from '@tendly/domain/validation/tax-and-super';
import type { z } from 'zod';
import type { taxAndSuperUpdateSchema } from '@tendly/domain/api/worker-onboarding';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { Db } from '../../platform/db/client';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { badRequest } from '../../platform/errors';

export interface TaxAndSuperContext {
  db: Db;
  fieldCipher: FieldCipher;
}

type TaxAndSuperUpdate = z.output<typeof taxAndSuperUpdateSchema>;

/** How many digits of the account number are kept in the clear, to show which account it is. */
const SHOWN_DIGITS = 3;

/** GET /worker/tax-and-super: what is stored, the account number only as its last three digits. */
export async function getTaxAndSuper(ctx: TaxAndSuperContext, auth: RequestAuth): Promise<TaxAndSuperView> {
  const [row] = await ctx.db.select().from(workerTaxDetails).where(eq(workerTaxDetails.workerId, auth.user.id)).limit(1);
  if (!row) return { details: null };
  return {
    details: {
      abn: row.abn,
      abnLegalName: row.abnLegalName,
      gstRegistered: row.gstRegistered,
      superFund: {
        name: row.superFundName,
        identifierType: row.superIdentifierType === 'ESA' ? 'ESA' : 'USI',
        identifier: row.superIdentifier,
        memberNumber: row.superMemberNumber,
      },
      bankAccount: { accountName: row.bankAccountName, bsb: row.bsb, maskedAccountNumber: maskedAccountNumber(row.accountNumberLastDigits) },
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/**
 * PUT /worker/tax-and-super. The account number is stored only encrypted, with its last three
 * digits beside it; left out, the stored one stays (the worker cannot see it to type it again).
 */
export async function saveTaxAndSuper(ctx: TaxAndSuperContext, auth: RequestAuth, input: TaxAndSuperUpdate): Promise<TaxAndSuperView> {
  const workerId = auth.user.id;
  const { accountNumber } = input.bankAccount;
  const account =
    accountNumber === undefined
      ? null
      : { accountNumberEncrypted: await ctx.fieldCipher.encrypt(accountNumber), accountNumberLastDigits: accountNumber.slice(-SHOWN_DIGITS) };
  const values = {
    abn: input.abn,
    abnLegalName: input.abnLegalName,
    gstRegistered: input.gstRegistered,
    superFundName: input.superFund.name,
    superIdentifierType: input.superFund.identifierType,
    superIdentifier: input.superFund.identifier,
    superMemberNumber: input.superFund.memberNumber,
    bankAccountName: input.bankAccount.accountName,
    bsb: input.bankAccount.bsb,
  };
  await ctx.db.transaction(async (tx) => {
    if (account) {
      await tx
        .insert(workerTaxDetails)
        .values({ workerId, ...values, ...account })
        .onConflictDoUpdate({ target: workerTaxDetails.workerId, set: { ...values, ...account } });
    } else {
      const updated = await tx.update(workerTaxDetails).set(values).where(eq(workerTaxDetails.workerId, workerId)).returning({ id: workerTaxDetails.workerId });
      if (updated.length === 0) throw badRequest(ACCOUNT_NUMBER_MESSAGE, { 'bankAccount.accountNumber': ACCOUNT_NUMBER_MESSAGE });
    }
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: workerId,
      action: 'worker_tax_details.saved',
      detail: { accountNumberChanged: account !== null },
    });
  });
  return getTaxAndSuper(ctx, auth);
}
