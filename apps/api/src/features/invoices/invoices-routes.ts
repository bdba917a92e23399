import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditNoteRequestSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceOverviewSchema,
  invoiceParamsSchema,
  invoiceSchema,
  platformFeeListQuerySchema,
  platformFeeListSchema,
} from '@tendly/domain/api/invoices';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { renderInvoicePdf } from '../../platform/billing/invoice-pdf';
import { sendDownload } from '../../platform/http/download-reply';
import { PDF_DOWNLOAD_DESCRIPTION } from '../../platform/http/file-replies';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { platformBankAccountOf } from '../../platform/payments/platform-bank-account';
import { sendRefundOfCreditNote } from '../../platform/payments/refunds';
import { creditInvoice, invoiceForViewer, invoiceOverview, listInvoices, listPlatformFees } from './invoices-service';

/** Invoices and credit notes (issue 14; spec sections 3 Invoice and 4; workflows.md "Hours, job reports and invoices"). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = signedInRoutes(app, { tags: ['invoices'] });

  route.get(
    '/invoices',
    apiAccess.invoices,
    {
      summary: 'Your invoices and credit notes, newest first: a worker’s issued ones, a care seeker’s received ones',
      description:
        '`before` is the last one’s `issuedAt` for the next page. status=ISSUED lists unpaid invoices (a credit note is never waiting for payment); ' +
        'status=CREDITED lists credited invoices with their credit notes.',
      querystring: invoiceListQuerySchema,
      response: { 200: invoiceListSchema, 400: apiErrorSchema },
    },
    (auth, request) => listInvoices(db, auth, request.query),
  );

  // Registered before /invoices/:id, which would otherwise read "overview" as an id.
  route.get(
    '/invoices/overview',
    apiAccess.invoiceOverview,
    {
      summary: 'The care seeker’s hours awaiting approval, unpaid and paid invoices: counts and totals',
      response: { 200: invoiceOverviewSchema },
    },
    (auth) => invoiceOverview(db, auth),
  );

  route.get(
    '/invoices/:id',
    apiAccess.invoices,
    {
      summary: 'One invoice or credit note with its lines, for the worker who issued it and the care seeker it was issued to',
      description: 'Anyone else gets 404, so that ids reveal nothing.',
      params: invoiceParamsSchema,
      response: { 200: invoiceSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => invoiceForViewer(db, auth, request.params.id),
  );

  route.get(
    '/invoices/:id/pdf',
    apiAccess.invoices,
    {
      summary: 'The invoice or credit note as a PDF, for its two parties',
      description: PDF_DOWNLOAD_DESCRIPTION,
      params: invoiceParamsSchema,
      response: { 200: z.any(), 400: apiErrorSchema, 404: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const invoice = await invoiceForViewer(db, auth, request.params.id);
      const pdf = await renderInvoicePdf({ brandName: app.config.BRAND_NAME, invoice, bankAccount: platformBankAccountOf(app.config) }, new Date());
      return sendDownload(reply, { bytes: pdf, fileName: `${invoice.number}.pdf` }, 'application/pdf');
    },
  );

  route.post(
    '/invoices/:id/credit-note',
    apiAccess.creditInvoice,
    {
      summary: 'The worker who issued an invoice credits it in full with a credit note',
      description: 'The credit note has the worker’s next credit note number (CN-000001, without gaps) and references the invoice, which becomes CREDITED. A paid invoice is refunded the way it was paid (a card refund, or a recorded transfer); one already paid out to the worker, a credited invoice, or a credit note, is a 409.',
      params: invoiceParamsSchema,
      body: creditNoteRequestSchema,
      response: { 201: invoiceSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const note = await creditInvoice(db, { auth, invoiceId: request.params.id, body: request.body, ip: request.ip, now: new Date() });
      // A paid invoice's card refund goes to the provider now; its queued job retries it if this fails.
      await sendRefundOfCreditNote(db, app.paymentProvider, note.id).catch((error: unknown) => request.log.warn({ err: error }, 'card refund: will be retried by its job'));
      return reply.code(201).header('location', `/api/invoices/${note.id}`).send(note);
    },
  );

  route.get(
    '/platform-fees',
    apiAccess.platformFees,
    {
      summary: 'The platform fee rate and the fee on each of your invoices, newest first',
      description: 'The fee is a share of the worker’s hourly amounts, taken from the worker’s payout; never charged on travel, expenses or GST, and never added to what the care seeker pays. A credit note gives its invoice’s fee back.',
      querystring: platformFeeListQuerySchema,
      response: { 200: platformFeeListSchema, 400: apiErrorSchema },
    },
    (auth, request) => listPlatformFees(db, auth, request.query, app.config.PLATFORM_FEE_BASIS_POINTS),
  );
};
