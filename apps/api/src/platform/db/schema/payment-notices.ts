import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { invoices } from './billing';

/**
 * Plan-managed and aged care invoices (issue 15): when the invoice PDF was emailed to the plan
 * manager or aged care provider, and to whom. One row per invoice: sending twice is never done.
 */
export const invoiceFunderNotices = pgTable('invoice_funder_notices', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  funderName: text('funder_name'),
  funderEmail: text('funder_email').notNull(),
  sentAt: at('sent_at').notNull().defaultNow(),
});

/**
 * Invoices the care seeker pays themselves, by transfer or by card from Pending invoices (issue
 * 28): when the invoice PDF, with the platform's account and the payment reference, was emailed
 * to them. One row per invoice, so a job that runs again never sends it twice.
 */
export const invoicePayerNotices = pgTable('invoice_payer_notices', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  email: text('email').notNull(),
  sentAt: at('sent_at').notNull().defaultNow(),
});
