import { z } from 'zod';
import { cancellationReasonCodes } from '@tendly/domain/api/bookings';
import { timesheetKindCodes, timesheetStatusCodes } from '@tendly/domain/api/timesheets';
import { payingForCareTypeCodes } from '@tendly/domain/job-options';
import { ndisLineItemCodes, supportLevelCodes } from '@tendly/domain/ndis-line-items';
import { stateCodes } from '@tendly/domain/states';
import type { InvoiceLineDraft } from '@tendly/domain/pricing/price-job-report';
import type { DbTransaction } from '../db/client';
import { runNamedStatement } from '../db/named-statement';
import { termsFromRow, type ContractPricingTerms } from './pricing-terms';
import type { TimesheetPricingRow } from './price-timesheet';

/**
 * The two statements that issue an invoice (issue 14), fixed SQL run as named prepared statements:
 * approvals issue invoices by the thousand, and building and planning these statements each time
 * took more CPU than running them.
 */

/**
 * What issuing an invoice reads, in one statement that also locks the job report's row: the
 * timesheet, its contract's terms and NDIS rates, the worker's tax details, both parties' names
 * and the expenses.
 */
const LOCK_INVOICE_SOURCE = `
  select t.id, t.kind, t.status, t.contract_id, t.worker_id, t.care_seeker_id,
    (extract(epoch from t.starts_at) * 1000)::float8 as starts_at_ms, (extract(epoch from t.ends_at) * 1000)::float8 as ends_at_ms,
    t.state, t.break_minutes, t.travel_tenth_km, t.travel_note, t.ndis_line_item, t.ndis_level,
    t.cancellation_reason_code, t.cancellation_charge_percent,
    c.client_name, c.funding_type, c.client_state, c.client_postcode, c.client_mmm_class,
    c.weekday_rate_cents, c.evening_rate_cents, c.overnight_rate_cents, c.saturday_rate_cents, c.sunday_rate_cents,
    c.public_holiday_rate_cents, c.travel_per_km_cents, c.cancellation_charge_percent as contract_cancellation_charge_percent,
    tax.gst_registered, tax.abn, tax.abn_legal_name,
    w.first_name as worker_first_name, w.last_name as worker_last_name,
    cs.first_name as care_seeker_first_name, cs.last_name as care_seeker_last_name,
    coalesce((select json_agg(json_build_object('lineItem', r.line_item, 'level', r.level, 'timeOfDay', r.time_of_day, 'amountCents', r.amount_cents)
      order by r.position, r.id) from contract_ndis_rates r where r.contract_id = c.id), '[]'::json) as ndis_rates,
    coalesce((select json_agg(json_build_object('description', e.description, 'amountCents', e.amount_cents, 'paidAsAgent', e.paid_as_agent) order by e.position, e.id)
      from timesheet_expenses e where e.timesheet_id = t.id), '[]'::json) as expenses
  from timesheets t
  join contracts c on c.id = t.contract_id
  left join worker_tax_details tax on tax.worker_id = c.worker_id
  join users w on w.id = t.worker_id
  join users cs on cs.id = t.care_seeker_id
  where t.id = $1
  for update of t`;

/** Drivers hand JSON over parsed or as text. */
const json = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), schema);
const integer = z.coerce.number().int();

const sourceRowSchema = z.object({
  id: z.string(),
  kind: z.enum(timesheetKindCodes),
  status: z.enum(timesheetStatusCodes),
  contract_id: z.string(),
  worker_id: z.string(),
  care_seeker_id: z.string(),
  starts_at_ms: z.coerce.number(),
  ends_at_ms: z.coerce.number(),
  state: z.enum(stateCodes),
  break_minutes: integer,
  travel_tenth_km: integer,
  travel_note: z.string(),
  ndis_line_item: z.enum(ndisLineItemCodes).nullable(),
  ndis_level: z.enum(supportLevelCodes).nullable(),
  cancellation_reason_code: z.enum(cancellationReasonCodes).nullable(),
  cancellation_charge_percent: integer.nullable(),
  client_name: z.string(),
  funding_type: z.enum(payingForCareTypeCodes),
  client_state: z.enum(stateCodes),
  client_postcode: z.string().nullable(),
  client_mmm_class: integer.nullable(),
  weekday_rate_cents: integer,
  evening_rate_cents: integer,
  overnight_rate_cents: integer.nullable(),
  saturday_rate_cents: integer,
  sunday_rate_cents: integer,
  public_holiday_rate_cents: integer,
  travel_per_km_cents: integer,
  contract_cancellation_charge_percent: integer,
  gst_registered: z.boolean().nullable(),
  abn: z.string().nullable(),
  abn_legal_name: z.string().nullable(),
  worker_first_name: z.string(),
  worker_last_name: z.string(),
  care_seeker_first_name: z.string(),
  care_seeker_last_name: z.string(),
  ndis_rates: json(z.unknown()),
  expenses: json(z.array(z.object({ description: z.string(), amountCents: z.number().int(), paidAsAgent: z.boolean() }))),
});

export interface InvoiceSource {
  readonly timesheet: TimesheetPricingRow;
  readonly terms: ContractPricingTerms;
  readonly worker: { readonly firstName: string; readonly lastName: string };
  readonly careSeeker: { readonly firstName: string; readonly lastName: string };
  readonly expenses: readonly { description: string; amountCents: number; paidAsAgent: boolean }[];
}

/** Locks a timesheet's row until the transaction ends and reads what its invoice needs; null when there is no such timesheet. */
export async function lockInvoiceSource(tx: DbTransaction, timesheetId: string): Promise<InvoiceSource | null> {
  const [found] = await runNamedStatement(tx, 'billing_lock_invoice_source', LOCK_INVOICE_SOURCE, [timesheetId]);
  if (found === undefined) return null;
  const row = sourceRowSchema.parse(found);
  return {
    timesheet: {
      id: row.id,
      kind: row.kind,
      status: row.status,
      contractId: row.contract_id,
      workerId: row.worker_id,
      careSeekerId: row.care_seeker_id,
      startsAt: new Date(row.starts_at_ms),
      endsAt: new Date(row.ends_at_ms),
      state: row.state,
      breakMinutes: row.break_minutes,
      travelTenthKm: row.travel_tenth_km,
      travelNote: row.travel_note,
      ndisLineItem: row.ndis_line_item,
      ndisLevel: row.ndis_level,
      cancellationReasonCode: row.cancellation_reason_code,
      cancellationChargePercent: row.cancellation_charge_percent,
    },
    terms: termsFromRow({
      contract: {
        id: row.contract_id,
        workerId: row.worker_id,
        careSeekerId: row.care_seeker_id,
        clientName: row.client_name,
        fundingType: row.funding_type,
        clientState: row.client_state,
        clientPostcode: row.client_postcode,
        clientMmmClass: row.client_mmm_class,
        weekdayRateCents: row.weekday_rate_cents,
        eveningRateCents: row.evening_rate_cents,
        overnightRateCents: row.overnight_rate_cents,
        saturdayRateCents: row.saturday_rate_cents,
        sundayRateCents: row.sunday_rate_cents,
        publicHolidayRateCents: row.public_holiday_rate_cents,
        travelPerKmCents: row.travel_per_km_cents,
        cancellationChargePercent: row.contract_cancellation_charge_percent,
      },
      gstRegistered: row.gst_registered,
      abn: row.abn,
      legalName: row.abn_legal_name,
      ndisRates: row.ndis_rates,
    }),
    worker: { firstName: row.worker_first_name, lastName: row.worker_last_name },
    careSeeker: { firstName: row.care_seeker_first_name, lastName: row.care_seeker_last_name },
    expenses: row.expenses,
  };
}

/**
 * Takes the worker's next invoice number (the counter's row is created or locked by the upsert and
 * stays locked until the transaction ends: numbers without gaps under concurrent approvals), inserts
 * the invoice with it and inserts its lines, in one statement. Parameters: see `insertIssuedInvoice`.
 */
const INSERT_INVOICE = `
  with counter as (
    insert into invoice_counters (worker_id, last_invoice_number, last_credit_note_number) values ($1, 1, 0)
    on conflict (worker_id) do update set last_invoice_number = invoice_counters.last_invoice_number + 1
    returning last_invoice_number
  ), inserted as (
    insert into invoices (kind, number, status, worker_id, care_seeker_id, contract_id, timesheet_id,
      worker_first_name, worker_last_name, worker_business_name, worker_abn, worker_gst_registered,
      care_seeker_first_name, care_seeker_last_name, client_name, funding_type, state, mmm_class, period_start, period_end,
      subtotal_cents, gst_cents, total_cents, hourly_cents, platform_fee_basis_points, platform_fee_cents, issued_at, due_date,
      payment_reference, participant_ndis_number, funder_name, funder_email, funder_abn)
    values ('INVOICE', (select last_invoice_number from counter), 'ISSUED', $1, $2, $3, $4,
      $5, $6, $7, $8, $9,
      $10, $11, $12, $13, $14, $15, $16, $17,
      $18, $19, $20, $21, $22, $23, $24, $25,
      payment_reference_of(nextval('invoice_payment_reference_seq')), $27, $28, $29, $30)
    returning id, number, payment_reference
  ), lines as (
    insert into invoice_lines (invoice_id, position, kind, description, date, time_band, minutes, quantity_hundredths, unit, unit_price_cents,
      amount_cents, gst_code, gst_cents, support_item_number, support_item_name, edition, price_limit_cents, capped, flagged, claim_type, cancellation_reason,
      disbursement)
    select inserted.id, line.*
    from inserted, jsonb_to_recordset($26::jsonb) as line(position smallint, kind invoice_line_kind, description text, date text, time_band text,
      minutes integer, quantity_hundredths integer, unit text, unit_price_cents integer, amount_cents integer, gst_code gst_code, gst_cents integer,
      support_item_number text, support_item_name text, edition text, price_limit_cents integer, capped boolean, flagged boolean, claim_type text,
      cancellation_reason text, disbursement boolean)
    returning invoice_id
  )
  select id, number, payment_reference from inserted`;

/** What an invoice is issued with, besides its number and lines. */
export interface IssuedInvoiceValues {
  workerId: string;
  careSeekerId: string;
  contractId: string;
  timesheetId: string;
  workerFirstName: string;
  workerLastName: string;
  workerBusinessName: string | null;
  workerAbn: string | null;
  workerGstRegistered: boolean;
  careSeekerFirstName: string;
  careSeekerLastName: string;
  clientName: string;
  fundingType: string;
  state: string;
  mmmClass: number | null;
  periodStart: string;
  periodEnd: string;
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
  hourlyCents: number;
  platformFeeBasisPoints: number;
  platformFeeCents: number;
  issuedAt: Date;
  dueDate: string;
  /** The participant's NDIS number (NDIS-funded invoices), and the plan manager or aged care provider addressed, as at issue. */
  participantNdisNumber: string | null;
  funder: { name: string | null; email: string | null; abn: string | null } | null;
}

/** A line as a row of `jsonb_to_recordset`: its keys are the columns of invoice_lines. */
function lineRecord(line: InvoiceLineDraft, position: number) {
  return {
    position,
    kind: line.kind,
    description: line.description,
    date: line.date,
    time_band: line.timeBand,
    minutes: line.minutes,
    quantity_hundredths: line.quantityHundredths,
    unit: line.unit,
    unit_price_cents: line.unitPriceCents,
    amount_cents: line.amountCents,
    gst_code: line.gstCode,
    gst_cents: line.gstCents,
    support_item_number: line.supportItemNumber,
    support_item_name: line.supportItemName,
    edition: line.edition,
    price_limit_cents: line.priceLimitCents,
    capped: line.capped,
    flagged: line.flagged,
    claim_type: line.claimType,
    cancellation_reason: line.cancellationReason,
    disbursement: line.disbursement,
  };
}

const insertedSchema = z.object({ id: z.string(), number: z.coerce.number().int(), payment_reference: z.string() }).transform(({ payment_reference, ...row }) => ({ ...row, paymentReference: payment_reference }));

/** Inserts an invoice with the worker's next number and its lines; call it as late as possible in the transaction. */
export async function insertIssuedInvoice(tx: DbTransaction, values: IssuedInvoiceValues, lines: readonly InvoiceLineDraft[]): Promise<{ id: string; number: number; paymentReference: string }> {
  const [row] = await runNamedStatement(tx, 'billing_insert_invoice', INSERT_INVOICE, [
    values.workerId,
    values.careSeekerId,
    values.contractId,
    values.timesheetId,
    values.workerFirstName,
    values.workerLastName,
    values.workerBusinessName,
    values.workerAbn,
    values.workerGstRegistered,
    values.careSeekerFirstName,
    values.careSeekerLastName,
    values.clientName,
    values.fundingType,
    values.state,
    values.mmmClass,
    values.periodStart,
    values.periodEnd,
    values.subtotalCents,
    values.gstCents,
    values.totalCents,
    values.hourlyCents,
    values.platformFeeBasisPoints,
    values.platformFeeCents,
    values.issuedAt.toISOString(),
    values.dueDate,
    JSON.stringify(lines.map(lineRecord)),
    values.participantNdisNumber,
    values.funder?.name ?? null,
    values.funder?.email ?? null,
    values.funder?.abn ?? null,
  ]);
  return insertedSchema.parse(row);
}
