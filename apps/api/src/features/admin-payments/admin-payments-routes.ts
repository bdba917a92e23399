import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatInvoiceNumber, INVOICE_NOT_FOUND, invoiceParamsSchema } from '@tendly/domain/api/invoices';
import {
  howToPayCodes,
  INVOICE_ALREADY_PAID,
  invoicePaymentsSchema,
  PAYMENT_AMOUNT_MISMATCH,
  PAYMENT_REFERENCE_OTHER_INVOICE,
  receivableListSchema,
  recordPaymentRequestSchema,
  type HowToPay,
} from '@tendly/domain/api/payments';
import { apiErrorSchema } from '@tendly/domain/errors';
import { payingForCareTypeCodes, type PayingForCareType } from '@tendly/domain/job-options';
import { isValidPaymentReference, looksLikePaymentReference, normalisePaymentReference, PAYMENT_REFERENCE_CHECK_FAILED } from '@tendly/domain/payment-reference';
import { apiAccess } from '@tendly/domain/permissions';
import { safeText } from '@tendly/domain/validation/safe-text';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, requireAuth, type RequestAuth } from '../../platform/auth/authenticate';
import type { Db, DbExecutor } from '../../platform/db/client';
import { invoices } from '../../platform/db/schema/billing';
import { payments } from '../../platform/db/schema/payments';
import { AppError, conflict, notFound } from '../../platform/errors';
import { postJournal, receivableAccountFor } from '../../platform/ledger/ledger';
import { howToPayOf } from '../../platform/payments/charging';
import { presentInvoicePayments, type ViewDeps } from '../../platform/payments/invoice-payments-view';
import { invoicePaidNotification } from '../../platform/billing/invoice-notifications';
import { adminRoute } from '../../platform/http/admin-route';
import { notify } from '../../platform/notifications/notify';
import { lockInvoiceRow as lockInvoice } from '../../platform/payments/invoice-rows';
import { assertNoChargeUnderWay } from '../../platform/payments/refunds';

/**
 * Money received by transfer (issue 15): administrators list the invoices waiting for money,
 * matching a payer's reference, and record a bank or funder transfer, which marks the invoice PAID
 * and posts PAYMENT_RECEIVED (Dr BANK) in the same transaction.
 *
 * The reference payers are asked to quote is the invoice's payment reference (issue 28), unique
 * across the platform with a Luhn check digit: as a bank statement shows it, with spaces or in
 * lower case, it still matches; one with a wrong check digit is a typo and is refused with a
 * message saying so, rather than matching nothing or another invoice.
 */

/** A 400 on the reference field: its check digit is wrong. */
const referenceCheckFailed = () => new AppError(400, PAYMENT_REFERENCE_CHECK_FAILED, { code: 'PAYMENT_REFERENCE_CHECK_FAILED', fieldErrors: { reference: PAYMENT_REFERENCE_CHECK_FAILED } });

const receivableQuerySchema = z.object({
  reference: z.string().trim().max(100, { error: 'A reference is at most 100 characters' }).check(safeText('single')).optional(),
  howToPay: z.enum(howToPayCodes).optional(),
});

const fundingOf = (howToPay: HowToPay): PayingForCareType[] => payingForCareTypeCodes.filter((code) => howToPayOf(code) === howToPay);

async function listReceivables(db: DbExecutor, query: z.output<typeof receivableQuerySchema>) {
  const conditions: SQL[] = [eq(invoices.kind, 'INVOICE'), eq(invoices.status, 'ISSUED')];
  if (query.howToPay) conditions.push(inArray(invoices.fundingType, fundingOf(query.howToPay)));
  const reference = query.reference?.trim();
  if (reference) {
    const digits = /^(?:INV-?)?0*(\d{1,9})$/i.exec(reference.replace(/\s+/g, ''));
    if (looksLikePaymentReference(reference)) {
      if (!isValidPaymentReference(reference)) throw referenceCheckFailed();
      conditions.push(eq(invoices.paymentReference, normalisePaymentReference(reference)));
    } else if (digits) conditions.push(eq(invoices.number, Number(digits[1])));
    else {
      const like = `%${reference.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      conditions.push(or(ilike(invoices.clientName, like), ilike(sql`${invoices.careSeekerFirstName} || ' ' || ${invoices.careSeekerLastName}`, like), ilike(sql`${invoices.workerFirstName} || ' ' || ${invoices.workerLastName}`, like))!);
    }
  }
  const rows = await db.select().from(invoices).where(and(...conditions)).orderBy(desc(invoices.issuedAt)).limit(200);
  return {
    receivables: rows.map((row) => ({
      invoiceId: row.id,
      number: formatInvoiceNumber('INVOICE', row.number),
      careSeekerName: `${row.careSeekerFirstName} ${row.careSeekerLastName}`.trim(),
      clientName: row.clientName,
      workerName: `${row.workerFirstName} ${row.workerLastName}`.trim(),
      fundingType: row.fundingType,
      howToPay: howToPayOf(row.fundingType),
      totalCents: row.totalCents,
      issuedAt: row.issuedAt.toISOString(),
      dueDate: row.dueDate,
      paymentReference: row.paymentReference,
    })),
  };
}

export async function recordTransfer(db: Db, deps: ViewDeps, input: { auth: RequestAuth; invoiceId: string; body: z.output<typeof recordPaymentRequestSchema>; ip: string; now: Date }) {
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, input.invoiceId);
    if (!invoice || invoice.kind !== 'INVOICE') throw notFound(INVOICE_NOT_FOUND);
    if (invoice.status === 'PAID') throw new AppError(409, INVOICE_ALREADY_PAID, { code: 'INVOICE_ALREADY_PAID' });
    if (invoice.status !== 'ISSUED') throw conflict('This invoice was credited: nothing is owed on it.');
    // A payment reference quoted with the transfer must be this invoice's: a typo or another
    // invoice's reference would record the money against the wrong debt.
    if (looksLikePaymentReference(input.body.reference)) {
      if (!isValidPaymentReference(input.body.reference)) throw referenceCheckFailed();
      if (normalisePaymentReference(input.body.reference) !== invoice.paymentReference) {
        throw new AppError(400, PAYMENT_REFERENCE_OTHER_INVOICE, { code: 'PAYMENT_REFERENCE_OTHER_INVOICE', fieldErrors: { reference: PAYMENT_REFERENCE_OTHER_INVOICE } });
      }
    }
    if (input.body.amountCents !== invoice.totalCents) {
      throw new AppError(400, PAYMENT_AMOUNT_MISMATCH, { code: 'PAYMENT_AMOUNT_MISMATCH', fieldErrors: { amountCents: PAYMENT_AMOUNT_MISMATCH } });
    }
    await assertNoChargeUnderWay(tx, invoice.id);
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        careSeekerId: invoice.careSeekerId,
        channel: input.body.channel,
        status: 'SUCCEEDED',
        amountCents: input.body.amountCents,
        idempotencyKey: `transfer:${invoice.id}`,
        reference: input.body.reference,
        receivedOn: input.body.receivedOn,
        recordedBy: actingPersonId(input.auth),
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: payments.id });
    await tx.update(invoices).set({ status: 'PAID', paidAt: input.now }).where(eq(invoices.id, invoice.id));
    await notify(tx, invoicePaidNotification(invoice));
    await postJournal(tx, {
      kind: 'PAYMENT_RECEIVED',
      key: `payment-received:${payment!.id}`,
      invoiceId: invoice.id,
      postedAt: input.now,
      memo: `${input.body.channel} ${input.body.reference}`,
      lines: [
        { account: 'BANK', invoiceId: invoice.id, amountCents: invoice.totalCents },
        { account: receivableAccountFor(invoice.fundingType), partyId: invoice.careSeekerId, invoiceId: invoice.id, amountCents: -invoice.totalCents },
      ],
    });
    await recordAudit(tx, {
      actorUserId: actingPersonId(input.auth),
      subjectUserId: invoice.careSeekerId,
      action: 'invoice.payment-recorded',
      detail: { invoice: formatInvoiceNumber('INVOICE', invoice.number), channel: input.body.channel, amountCents: input.body.amountCents, reference: input.body.reference, receivedOn: input.body.receivedOn },
      ip: input.ip,
      targetType: 'invoice',
      targetId: invoice.id,
    });
  });
  const [paid] = await db.select().from(invoices).where(eq(invoices.id, input.invoiceId));
  return presentInvoicePayments(db, deps, paid!, 'ADMIN');
}

export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const deps: ViewDeps = { provider: app.paymentProvider, config: app.config };

  app.get(
    '/admin/receivables',
    adminRoute(apiAccess.adminReceivables, {
      summary: 'Issued invoices waiting for money, newest first; `reference` matches the payment reference a payer quoted (spaces and case ignored; a wrong check digit is a 400), an invoice number, or a name',
      querystring: receivableQuerySchema,
      response: { 200: receivableListSchema, 400: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await listReceivables(db, request.query)),
  );

  app.post(
    '/admin/invoices/:id/payments',
    adminRoute(apiAccess.adminReceivables, {
      summary: 'Record a bank or funder transfer received for an invoice: it becomes PAID',
      description:
        'The amount must be the invoice total (400 PAYMENT_AMOUNT_MISMATCH); a paid invoice is a 409 INVOICE_ALREADY_PAID. A payment reference given as the reference must be this invoice’s (400 PAYMENT_REFERENCE_CHECK_FAILED for a wrong check digit, PAYMENT_REFERENCE_OTHER_INVOICE for another invoice’s).',
      params: invoiceParamsSchema,
      body: recordPaymentRequestSchema,
      response: { 200: invoicePaymentsSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request) => recordTransfer(db, deps, { auth: requireAuth(request), invoiceId: request.params.id, body: request.body, ip: request.ip, now: new Date() }),
  );
};
