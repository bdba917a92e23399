import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receivablesAgeingSchema } from '@tendly/domain/api/admin-money';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { receivablesAgeing } from './admin-money-service';

/** The books on one screen (issue 28 section 5, /admin/money): administrators only. */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/money/receivables',
    {
      config: { access: apiAccess.adminMoney },
      schema: {
        tags: ['admin'],
        summary: 'Open invoices’ outstanding money by payer (care seekers, plan managers, aged care providers, the NDIA), aged 0–30, 31–60, 61–90 and 90+ days past due',
        description: 'Each row is aged from the invoices’ due dates on today’s date in Sydney. `ledger` sets the ledger’s receivable balances beside the totals; `differenceCents` is 0 when they tie.',
        security: [{ authToken: [] }],
        response: { 200: receivablesAgeingSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await receivablesAgeing(db, new Date())),
  );
};
