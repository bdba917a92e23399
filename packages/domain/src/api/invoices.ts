import { z } from 'zod';
import { ndisLineItemCodes, supportLevelCodes } from '../ndis-line-items';
import { isLocalDateTime } from '../shift-time';
import { stateCodes } from '../states';
import { ndiaClaimTypes } from '../payments/ndia-claims';
import { safeText } from '../validation/safe-text';
import { contractPartySchema } from './contracts';
import { timePageParameters } from './query-params';

/**
 * Invoices (issue 14; spec sections 3 Invoice and 4; workflows.md "Hours, job reports and
 * invoices"). Approving a job report issues an invoice, priced by the engine in `pricing/`: a line
 * per band and local date at the contract's rates (for an NDIS-funded client each with its support
 * item, capped at the price limit), travel as kilometres × rate, expenses at cost, GST only for a
 * GST-registered worker (10% on taxable lines; NDIS supports to a participant are GST-free, P2).
 *
 * An issued invoice never changes: a correction is a credit note that references it. Numbers run
 * per worker without gaps: INV-000123 for invoices, CN-000007 for credit notes. The platform fee
 * (9%, a setting) is taken from the worker's hourly amounts, never from travel, expenses or GST,
 * and never added to what the care seeker pays.
 */

export const invoiceStatusCodes = ['ISSUED', 'PAID', 'CREDITED'] as const;
export type InvoiceStatus = (typeof invoiceStatusCodes)[number];
export const invoiceStatusLabels: Readonly<Record<InvoiceStatus, string>> = { ISSUED: 'Unpaid', PAID: 'Paid', CREDITED: 'Credited' };

export const invoiceKindCodes = ['INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceKind = (typeof invoiceKindCodes)[number];

export const invoiceLineKindCodes = ['SERVICE', 'TRAVEL', 'EXPENSE', 'CANCELLATION'] as const;
export type InvoiceLineKind = (typeof invoiceLineKindCodes)[number];

/** ndis.md "GST": P1 taxable (10%), P2 GST-free NDIS support to a participant, P5 out of scope (no GST). */
export const gstCodes = ['P1', 'P2', 'P5'] as const;
export type GstCode = (typeof gstCodes)[number];

export const DEFAULT_PLATFORM_FEE_BASIS_POINTS = 900;

export function formatInvoiceNumber(kind: InvoiceKind, number: number): string {
  return `${kind === 'CREDIT_NOTE' ? 'CN' : 'INV'}-${String(number).padStart(6, '0')}`;
}

/**
 * What every priced line says, on an invoice and on a job report's estimate: one pricing engine
 * makes both (the estimate is the invoice to come).
 */
export const pricedLineFields = {
  description: z.string(),
  /** Local date `YYYY-MM-DD` of the support in the client's state. */
  date: z.string().nullable(),
  timeBand: z.string().nullable(),
  minutes: z.number().int().nullable(),
  /** Hours, units or kilometres, to 2 decimal places. */
  quantity: z.number(),
  unit: z.enum(['H', 'E', 'KM']),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
};

export const invoiceLineSchema = z.object({
  id: z.uuid(),
  kind: z.enum(invoiceLineKindCodes),
  ...pricedLineFields,
  gstCode: z.enum(gstCodes),
  gstCents: z.number().int(),
  supportItem: z.string().nullable(),
  supportItemName: z.string().nullable(),
  edition: z.string().nullable(),
  priceLimitCents: z.number().int().nullable(),
  capped: z.boolean(),
  flagged: z.boolean(),
  /** The NDIA claim type: CANC a short-notice cancellation, TRAN provider travel, NF2F, REPW; null for the support delivered. */
  claimType: z.enum(ndiaClaimTypes).nullable(),
  cancellationReason: z.string().nullable(),
  /** An expense the worker paid as the client's agent: a true disbursement (issue 28). */
  disbursement: z.boolean(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  /** The spec's Invoice id. */
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(invoiceKindCodes),
  /** A credit note's invoice; an invoice's credit note. */
  creditNoteFor: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  creditedBy: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  status: z.enum(invoiceStatusCodes),
  issuedAt: z.iso.datetime({ offset: true }),
  dueDate: z.string(),
  /** When the money arrived (issue 15): a card charge, a transfer recorded, or the NDIA's payment. */
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  worker: contractPartySchema.extend({ businessName: z.string().nullable(), abn: z.string().nullable(), gstRegistered: z.boolean() }),
  careSeeker: contractPartySchema,
  clientName: z.string(),
  fundingType: z.string(),
  state: z.enum(stateCodes),
  contractId: z.uuid(),
  jobReportId: z.uuid().nullable(),
  /** The local dates of the support covered. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
  /** The fee base (the hourly amounts), the rate and the fee taken from the worker's payout. */
  hourlyCents: z.number().int(),
  platformFeeBasisPoints: z.number().int(),
  platformFeeCents: z.number().int(),
  workerReceivesCents: z.number().int(),
  hasFlaggedLines: z.boolean(),
  reason: z.string().nullable(),
  /** Spec section 4: set when the invoice is claimed from the NDIA (next issue). */
  ndisClaimed: z.boolean(),
  ndisClaimedAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * What the payer quotes on a bank transfer (issue 28): digits with a check digit, unique across
   * the platform (`payment-reference.ts`); null on a credit note.
   */
  paymentReference: z.string().nullable(),
  /** The participant's NDIS number as at issue (NDIS-funded invoices). */
  participantNdisNumber: z.string().nullable(),
  /** The plan manager or aged care provider the invoice is addressed to, as at issue; null for the others. */
  funder: z.object({ name: z.string().nullable(), email: z.string().nullable(), abn: z.string().nullable() }).nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * ATO tax invoice rules (payments-ops.md "Invoices"; A New Tax System (Goods and Services Tax)
 * Act 1999 s 29-70): a supplier registered for GST issues a "Tax invoice" for a taxable sale; a
 * supplier who is not registered issues an invoice, charges no GST and must not call it a tax
 * invoice. An invoice of GST-free lines only (NDIS supports to a participant) needs none either.
 */
export function isTaxInvoice(invoice: Pick<Invoice, 'kind' | 'gstCents' | 'worker'>): boolean {
  return invoice.kind === 'INVOICE' && invoice.worker.gstRegistered && invoice.gstCents > 0;
}

/** "Tax invoice", "Invoice" or "Credit note": the document's name, as its title says it. */
export function invoiceDocumentName(invoice: Pick<Invoice, 'kind' | 'gstCents' | 'worker'>): string {
  if (invoice.kind === 'CREDIT_NOTE') return 'Credit note';
  return isTaxInvoice(invoice) ? 'Tax invoice' : 'Invoice';
}

/**
 * ATO: a tax invoice for a sale of $1,000 or more (including GST) also shows the buyer's identity
 * or ABN (payments-ops.md "Invoices"; the ATO's ruling on tax invoices, GSTR 2013/1).
 */
export const TAX_INVOICE_BUYER_THRESHOLD_CENTS = 100_000;

/** What an unregistered supplier's lines and totals say about GST (issue 28), never "out of scope". */
export const NO_GST_NOT_REGISTERED = 'no GST: supplier not registered';

/**
 * What a line's GST code means, in words, as the invoice prints it after the code ("P5: no GST:
 * supplier not registered"). A supplier not registered for GST charges none, which is not the
 * same as a supply outside the GST ("out of scope"): the ATO's reason is that the supplier is
 * not registered, so that is what the line says.
 */
export function gstLineMeaning(gstCode: GstCode, gstRegistered: boolean): string {
  if (!gstRegistered) return NO_GST_NOT_REGISTERED;
  if (gstCode === 'P1') return 'taxable, GST of 10% added';
  if (gstCode === 'P2') return 'GST-free NDIS support to a participant';
  return 'no GST';
}

/** What a registered worker's disbursement line says (issue 28; ATO GSTR 2000/37). */
export const DISBURSEMENT_NO_GST = 'Disbursement (paid as your agent): no GST';
export const DISBURSEMENT_NDIS = 'Disbursement (paid as your agent)';

/**
 * The label an invoice line carries beside its description, or null. A true disbursement is not
 * part of the worker's supply, so the invoice says so (payments-ops.md "Invoices"; ATO GSTR
 * 2000/37 on agency and disbursements): "no GST" where the worker is registered, and on an NDIS
 * invoice (GST-free P2 either way) only that it is a disbursement. An unregistered worker's lines
 * say what every one of their lines says ("no GST: supplier not registered"), so they get no label.
 */
export function invoiceLineLabel(line: Pick<InvoiceLine, 'kind' | 'gstCode' | 'disbursement'>, gstRegistered: boolean): string | null {
  if (line.kind !== 'EXPENSE' || !line.disbursement || !gstRegistered) return null;
  return line.gstCode === 'P2' ? DISBURSEMENT_NDIS : DISBURSEMENT_NO_GST;
}

/** A row of an invoice list (no lines). */
export const invoiceSummarySchema = invoiceSchema.omit({ lines: true });
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListQuerySchema = z.object({
  status: z.enum(invoiceStatusCodes, { error: 'Choose a status from the list' }).optional(),
  ...timePageParameters,
});
export const invoiceParamsSchema = z.object({ id: z.uuid({ error: 'That invoice does not exist' }) });
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSummarySchema), allLoaded: z.boolean() });

export const INVOICE_NOT_FOUND = 'That invoice does not exist, or it is not yours.';
export const INVOICE_NEEDS_APPROVED_HOURS = 'Only approved hours can be invoiced.';
export const CREDIT_NOTE_NOT_CREDITABLE = 'A credit note cannot be credited.';
export const ONLY_ISSUER_CREDITS = 'Only the worker who issued an invoice can credit it.';
export function invoiceNotCreditableMessage(status: InvoiceStatus): string {
  return `Only an unpaid invoice can be credited: this one is ${invoiceStatusLabels[status].toLowerCase()}.`;
}

export const CREDIT_REASON_REQUIRED = 'Say why the invoice is being credited.';
/** POST /api/invoices/{id}/credit-note: the worker credits an issued invoice in full. */
export const creditNoteRequestSchema = z.object({
  reason: z.string({ error: CREDIT_REASON_REQUIRED }).trim().min(1, { error: CREDIT_REASON_REQUIRED }).max(1_000, { error: 'Keep the reason to 1,000 characters or fewer' }).check(safeText('multi')),
});

/** GET /api/invoices/overview: the care seeker's /invoices-and-hours. */
export const invoiceOverviewSchema = z.object({
  awaitingApproval: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  unpaid: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  paid: z.object({ count: z.number().int(), totalCents: z.number().int() }),
});

/** GET /api/platform-fees: the fee rate and the fee per invoice. */
export const platformFeeListQuerySchema = z.object({
  ...timePageParameters,
});
export const platformFeeListSchema = z.object({
  basisPoints: z.number().int(),
  fees: z.array(z.object({ invoiceId: z.uuid(), number: z.string(), issuedAt: z.iso.datetime({ offset: true }), clientName: z.string(), workerName: z.string(), hourlyCents: z.number().int(), platformFeeCents: z.number().int(), kind: z.enum(invoiceKindCodes) })),
  allLoaded: z.boolean(),
});

// --- The public NDIS quote (POST /api/pricing/ndis-quote) ---

export const quoteLocalDateTime = (required: string) => z.string({ error: required }).refine(isLocalDateTime, { error: 'Enter a date and time as YYYY-MM-DDTHH:mm' });

export const ndisQuoteRequestSchema = z.object({
  category: z.enum(ndisLineItemCodes, { error: 'Choose a support category from the list' }),
  level: z.enum(supportLevelCodes, { error: 'Choose level ONE or TWO' }).default('ONE'),
  /** As the search API takes it: "Alice Springs NT 0870", a suburb or a postcode. */
  location: z.string({ error: 'Enter a suburb or postcode' }).trim().min(1, { error: 'Enter a suburb or postcode' }).max(120).check(safeText('single')),
  start: quoteLocalDateTime('Enter when the support starts'),
  end: quoteLocalDateTime('Enter when the support ends'),
});
export type NdisQuoteRequest = z.input<typeof ndisQuoteRequestSchema>;

export const quoteLineSchema = z.object({
  supportItem: z.string(),
  supportItemName: z.string(),
  timeBand: z.string(),
  date: z.string(),
  minutes: z.number().int(),
  hours: z.number(),
  unit: z.enum(['H', 'E']),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  edition: z.string(),
  flagged: z.boolean(),
});

export const ndisQuoteResponseSchema = z.object({
  state: z.enum(stateCodes),
  mmm: z.number().int().nullable(),
  lines: z.array(quoteLineSchema),
  totalCents: z.number().int(),
});
export type NdisQuote = z.infer<typeof ndisQuoteResponseSchema>;

export const ESTIMATE_CONTRACT_NOT_FOUND = 'That service agreement does not exist, or it is not yours.';
/** At most this many quotes a minute from one address: a person pricing shifts asks a few; a script reading the catalogue many. */
export const NDIS_QUOTES_PER_MINUTE = 60;

/** POST /api/pricing/contract-estimate: the booking form's cost estimate at the contract's rates. */
export const contractEstimateRequestSchema = z.object({
  contractId: z.uuid({ error: 'Choose a service agreement' }),
  start: quoteLocalDateTime('Enter when the shift starts'),
  end: quoteLocalDateTime('Enter when the shift ends'),
  ndisLineItem: z.enum(ndisLineItemCodes).nullable().default(null),
});
export const contractEstimateResponseSchema = z.object({
  lines: z.array(quoteLineSchema.extend({ supportItem: z.string().nullable(), supportItemName: z.string().nullable(), edition: z.string().nullable(), capped: z.boolean() })),
  subtotalCents: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
});
