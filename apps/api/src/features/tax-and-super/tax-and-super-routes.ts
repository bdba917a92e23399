import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxAndSuperUpdateSchema, taxAndSuperViewSchema } from '@tendly/domain/api/worker-onboarding';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { getTaxAndSuper, saveTaxAndSuper, type TaxAndSuperContext } from './tax-and-super-service';

/** The worker's ABN, GST, super fund and payout account (issue 12, /tax-and-super). Workers only, INACTIVE ones included. */
export const taxAndSuperRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: TaxAndSuperContext = { db: app.database.db, fieldCipher: app.fieldCipher };
  const route = signedInRoutes(app, { tags: ['worker onboarding'] });

  route.get(
    '/worker/tax-and-super',
    apiAccess.workerOnboarding,
    {
      summary: 'The worker’s tax, super and bank details; the account number only as its last three digits',
      response: { 200: taxAndSuperViewSchema },
    },
    (auth) => getTaxAndSuper(ctx, auth),
  );

  route.put(
    '/worker/tax-and-super',
    apiAccess.workerOnboarding,
    {
      summary: 'Save the worker’s tax, super and bank details',
      description:
        'The ABN must pass the Australian Business Register’s check digits. The account number is encrypted at rest ' +
        '(AES-256-GCM); leave it out to keep the one stored (a 400 on `bankAccount.accountNumber` when none is).',
      body: taxAndSuperUpdateSchema,
      response: { 200: taxAndSuperViewSchema, 400: apiErrorSchema },
    },
    (auth, request) => saveTaxAndSuper(ctx, auth, request.body),
  );
};
