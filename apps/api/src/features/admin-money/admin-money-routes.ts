import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneySummarySchema, receivablesAgeingSchema } from '@tendly/domain/api/admin-money';
import { apiAccess } from '@tendly/domain/permissions';
import { adminRoute } from '../../platform/http/admin-route';
import { moneySummary, receivablesAgeing } from './admin-money-service';

/** The books on one screen (issue 28 section 5, /admin/money): administrators only. */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/money/receivables',
    adminRoute(apiAccess.adminMoney, {
      summary: 'Open invoices’ outstanding money by payer (care seekers, plan managers, aged care providers, the NDIA), aged 0–30, 31–60, 61–90 and 90+ days past due',
      description: 'Each row is aged from the invoices’ due dates on today’s date in Sydney. `ledger` sets the ledger’s receivable balances beside the totals; `differenceCents` is 0 when they tie.',
      response: { 200: receivablesAgeingSchema },
    }),
    async (_request, reply) => reply.send(await receivablesAgeing(db, new Date())),
  );

  app.get(
    '/admin/money/summary',
    adminRoute(apiAccess.adminMoney, {
      summary: 'The NDIA’s claims by state (waiting, awaiting a result, rejected, accepted awaiting cash, short-paid) and the payouts by bank file (pending, lodged, returned)',
      description: 'Counts and totals only; the admin acts on /admin/ndis-claims and /admin/payouts. Each part has `ledger` beside it: `differenceCents` is 0 when its figures tie to the ledger.',
      response: { 200: moneySummarySchema },
    }),
    async (_request, reply) => reply.send(await moneySummary(db)),
  );
};
