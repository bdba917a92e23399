import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  payoutBatchSchema,
  payoutReturnRequestSchema,
  payoutRunListSchema,
  payoutRunSchema,
  payoutStatusSchema,
  remittanceListQuerySchema,
  remittanceListSchema,
  remittanceSchema,
  returnedPayoutSchema,
} from '@tendly/domain/api/payments';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { actingPersonId } from '../../platform/auth/authenticate';
import { sendDownload } from '../../platform/http/download-reply';
import { PDF_DOWNLOAD_DESCRIPTION } from '../../platform/http/file-replies';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import type { PayoutContext } from './payout-run';
import {
  listPayoutRuns,
  listRemittances,
  markBatchLodged,
  PAYOUT_BATCH_NOT_FOUND,
  payoutBatchFile,
  payoutStatus,
  recordPayoutReturn,
  REMITTANCE_NOT_FOUND,
  remittanceForWorker,
  remittancePdf,
  runPayoutsNow,
} from './payouts-service';

const remittanceParams = z.object({ id: z.uuid({ error: REMITTANCE_NOT_FOUND }) });
const batchParams = z.object({ id: z.uuid({ error: PAYOUT_BATCH_NOT_FOUND }) });

/** Payouts and remittances (issue 15; workflows.md "Paying and getting paid"). */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PayoutContext = { db: app.database.db, fileStore: app.fileStore, fieldCipher: app.fieldCipher, config: app.config };
  const tags = ['payouts'];
  const route = signedInRoutes(app, { tags });

  route.get(
    '/remittances',
    apiAccess.remittances,
    {
      summary: 'The worker’s remittances, newest first',
      description: '`before` is the last one’s number (REM-000012) for the next page.',
      querystring: remittanceListQuerySchema,
      response: { 200: remittanceListSchema, 400: apiErrorSchema },
    },
    (auth, request) => listRemittances(ctx.db, auth, request.query),
  );

  route.get(
    '/remittances/:id',
    apiAccess.remittances,
    {
      summary: 'One remittance with the invoices it paid, for the worker it paid (anyone else 404)',
      params: remittanceParams,
      response: { 200: remittanceSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => remittanceForWorker(ctx.db, auth, request.params.id),
  );

  route.get(
    '/remittances/:id/pdf',
    apiAccess.remittances,
    {
      summary: 'The remittance as a PDF, for the worker it paid',
      description: PDF_DOWNLOAD_DESCRIPTION,
      params: remittanceParams,
      response: { 200: z.any(), 400: apiErrorSchema, 404: apiErrorSchema },
    },
    async (auth, request, reply) => {
      return sendDownload(reply, await remittancePdf(ctx, auth, request.params.id), 'application/pdf');
    },
  );

  route.get(
    '/worker/payout-status',
    apiAccess.payoutStatus,
    {
      summary: 'Whether the worker can be paid, why not (no bank details, no ABN), what is waiting and when the next run is',
      response: { 200: payoutStatusSchema },
    },
    (auth) => payoutStatus(ctx, auth),
  );

  app.get(
    '/admin/payout-runs',
    signedInRoute(apiAccess.adminPayouts, { tags, summary: 'Payout runs, newest first, and the workers held with the reason', response: { 200: payoutRunListSchema } }),
    async (_request, reply) => reply.send(await listPayoutRuns(ctx.db)),
  );

  route.post(
    '/admin/payout-runs',
    apiAccess.adminPayouts,
    {
      summary: 'Runs today’s payout now (the daily job runs it at PAYOUT_RUN_TIME)',
      description: 'Pays every worker for their paid invoices not yet paid out; pressing it again the same day pays only what is new. Each invoice is paid once however many runs overlap.',
      response: { 200: payoutRunSchema },
    },
    (auth) => runPayoutsNow(ctx, actingPersonId(auth)),
  );

  route.get(
    '/admin/payout-batches/:id/aba',
    apiAccess.adminPayouts,
    {
      summary: 'A lodgement batch’s direct entry (ABA) file for the bank: the same bytes on every download',
      description:
        'Answers text/plain with Content-Disposition: attachment; records are 120 characters with CRLF. The file holds only the payouts booked with the batch, never one of another file. 409 when the stored bytes are missing or no longer match the SHA-256 recorded at booking.',
      params: batchParams,
      response: { 200: z.any(), 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const file = await payoutBatchFile(ctx, actingPersonId(auth), request.params.id);
      return sendDownload(reply, file, 'text/plain; charset=us-ascii');
    },
  );

  route.post(
    '/admin/payout-batches/:id/lodged',
    apiAccess.adminPayouts,
    {
      summary: 'Marks a batch’s file as lodged with the bank (who and when, kept from the first time)',
      params: batchParams,
      response: { 200: payoutBatchSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => markBatchLodged(ctx, actingPersonId(auth), request.params.id),
  );

  route.post(
    '/admin/payout-returns',
    apiAccess.adminPayouts,
    {
      summary: 'Records a payment the bank sent back, by its lodgement reference, with the bank’s reason',
      description:
        'The money is owed to the worker again (a PAYOUT_RETURNED journal), the worker is emailed to check their bank details, and the next run pays them again once they change them. 409 when the payout was already returned or its file was never marked lodged.',
      body: payoutReturnRequestSchema,
      response: { 200: returnedPayoutSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => recordPayoutReturn(ctx, actingPersonId(auth), request.body),
  );
};
