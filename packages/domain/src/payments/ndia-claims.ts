import { cancellationReasonCodes, type CancellationReasonCode } from '../api/bookings';

/**
 * The NDIA bulk payment request file (ndis.md "NDIA bulk payment request file (CSV)") that an
 * administrator uploads to the myplace provider portal for agency-managed participants, and the
 * result file the NDIA gives back. Pure: rows in, text out, and text in, rows out.
 */

/** The header, in the NDIA's order (ndis.md). */
export const NDIA_CLAIM_COLUMNS = [
  'RegistrationNumber',
  'NDISNumber',
  'SupportsDeliveredFrom',
  'SupportsDeliveredTo',
  'SupportNumber',
  'ClaimReference',
  'Quantity',
  'Hours',
  'UnitPrice',
  'GSTCode',
  'AuthorisedBy',
  'ParticipantApproved',
  'InKindFundingProgram',
  'ClaimType',
  'CancellationReason',
  'ABN of Support Provider',
] as const;

/** ndis.md: at most 5,000 rows a file and a file name of at most 20 characters. */
export const NDIA_MAX_ROWS_PER_FILE = 5_000;
export const NDIA_MAX_FILE_NAME_LENGTH = 20;
export const NDIA_MAX_CLAIM_REFERENCE_LENGTH = 50;
const CLAIM_REFERENCE_PATTERN = /^[A-Za-z0-9/_-]{1,50}$/;
/** ndis.md "GST": P1 taxable, P2 GST-free NDIS support, P5 out of scope. Each row carries its invoice line's code. */
export const ndiaGstCodes = ['P1', 'P2', 'P5'] as const;
export type NdiaGstCode = (typeof ndiaGstCodes)[number];

/**
 * The NDIA's claim types (payments-ops.md "Claim types"): blank for the support delivered, CANC a
 * short-notice cancellation, TRAN provider travel, NF2F non-face-to-face, REPW report writing.
 */
export const ndiaClaimTypes = ['CANC', 'TRAN', 'NF2F', 'REPW'] as const;
export type NdiaClaimType = (typeof ndiaClaimTypes)[number];

export const ndiaDateFormats = ['YYYY-MM-DD', 'YYYY/MM/DD'] as const;
export type NdiaDateFormat = (typeof ndiaDateFormats)[number];
export const ndiaHoursFormats = ['decimal', 'hhh:mm'] as const;
export type NdiaHoursFormat = (typeof ndiaHoursFormats)[number];

/** One invoice line to claim. */
export interface NdiaClaimRow {
  /** The participant's nine digits. */
  readonly ndisNumber: string;
  /** YYYY-MM-DD. */
  readonly deliveredFrom: string;
  readonly deliveredTo: string;
  /** The support item number, e.g. `01_011_0107_1_1`. */
  readonly supportNumber: string;
  /** Ours: unique per row, at most 50 of letters, digits, `/`, `_` and `-`. */
  readonly claimReference: string;
  /** H: hours (claimed in Hours); anything else is claimed in Quantity. */
  readonly unit: 'H' | 'E' | 'KM';
  /** Hundredths of the unit (1.5 hours is 150). */
  readonly quantityHundredths: number;
  readonly unitPriceCents: number;
  /** Blank for a delivered support; CANC for a short-notice cancellation (with its reason), TRAN, NF2F, REPW. */
  readonly claimType: NdiaClaimType | null;
  readonly cancellationReason: CancellationReasonCode | null;
  /** The worker's ABN (the support provider); blank when unknown. */
  readonly providerAbn: string | null;
  /** The invoice line's GST code. */
  readonly gstCode: NdiaGstCode;
}

export interface NdiaClaimSettings {
  /** The platform's NDIS registration number (digits). */
  readonly registrationNumber: string;
  readonly dateFormat: NdiaDateFormat;
  readonly hoursFormat: NdiaHoursFormat;
}

export class NdiaClaimError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NdiaClaimError';
  }
}

function formatDate(isoDate: string, format: NdiaDateFormat): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new NdiaClaimError(`Not a date: ${JSON.stringify(isoDate)}`);
  return format === 'YYYY/MM/DD' ? isoDate.replaceAll('-', '/') : isoDate;
}

/** Hundredths as a decimal without trailing zeros: 150 → `1.5`, 200 → `2`, 125 → `1.25`. */
function decimalOfHundredths(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Hours as `hhh:mm` (1.5 hours is `001:30`), or as a decimal (`1.5`). */
export function formatNdiaHours(hundredths: number, format: NdiaHoursFormat): string {
  if (!Number.isSafeInteger(hundredths) || hundredths <= 0) throw new NdiaClaimError(`Not a number of hours: ${hundredths}`);
  if (format === 'decimal') return decimalOfHundredths(hundredths);
  const minutes = Math.round((hundredths * 60) / 100);
  return `${String(Math.floor(minutes / 60)).padStart(3, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Cents as dollars with two decimals: 6_547 → `65.47`. */
export function formatUnitPrice(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new NdiaClaimError(`Not a price: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function isValidClaimReference(reference: string): boolean {
  return CLAIM_REFERENCE_PATTERN.test(reference);
}

/** The 16 fields of one row, in the header's order. Throws NdiaClaimError on a row the NDIA would reject. */
export function ndiaClaimFields(row: NdiaClaimRow, settings: NdiaClaimSettings): string[] {
  if (!/^\d{9}$/.test(row.ndisNumber)) throw new NdiaClaimError(`${row.claimReference}: an NDIS number is 9 digits`);
  if (!isValidClaimReference(row.claimReference)) throw new NdiaClaimError(`Not a claim reference: ${JSON.stringify(row.claimReference)}`);
  if (!/^[0-9A-Za-z_]+$/.test(row.supportNumber)) throw new NdiaClaimError(`${row.claimReference}: not a support item number`);
  if (row.claimType === 'CANC' && (row.cancellationReason === null || !cancellationReasonCodes.includes(row.cancellationReason))) {
    throw new NdiaClaimError(`${row.claimReference}: a cancellation is claimed with its reason (${cancellationReasonCodes.join(', ')})`);
  }
  if (row.claimType !== null && !ndiaClaimTypes.includes(row.claimType)) throw new NdiaClaimError(`${row.claimReference}: the claim type is one of ${ndiaClaimTypes.join(', ')}`);
  if (!ndiaGstCodes.includes(row.gstCode)) throw new NdiaClaimError(`${row.claimReference}: the GST code is one of ${ndiaGstCodes.join(', ')}`);
  if (row.deliveredTo < row.deliveredFrom) throw new NdiaClaimError(`${row.claimReference}: the support ends before it starts`);
  const hourly = row.unit === 'H';
  return [
    settings.registrationNumber,
    row.ndisNumber,
    formatDate(row.deliveredFrom, settings.dateFormat),
    formatDate(row.deliveredTo, settings.dateFormat),
    row.supportNumber,
    row.claimReference,
    hourly ? '' : decimalOfHundredths(row.quantityHundredths),
    hourly ? formatNdiaHours(row.quantityHundredths, settings.hoursFormat) : '',
    formatUnitPrice(row.unitPriceCents),
    row.gstCode,
    '',
    '',
    '',
    row.claimType ?? '',
    row.claimType === 'CANC' ? (row.cancellationReason ?? '') : '',
    row.providerAbn ?? '',
  ];
}

/** `TDL` + the export date as YYMMDD + the day's sequence (4 digits) + `.csv`: `TDL2611270001.csv`. */
export function ndiaClaimFileName(exportDate: string, sequence: number): string {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(exportDate);
  if (!match) throw new NdiaClaimError(`Not a date: ${JSON.stringify(exportDate)}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 9_999) throw new NdiaClaimError(`A day has claim files 1 to 9999, not ${sequence}`);
  const name = `TDL${match[1]}${match[2]}${match[3]}${String(sequence).padStart(4, '0')}.csv`;
  if (name.length > NDIA_MAX_FILE_NAME_LENGTH) throw new NdiaClaimError(`${name} is longer than ${NDIA_MAX_FILE_NAME_LENGTH} characters`);
  return name;
}

export interface NdiaClaimFile {
  readonly fileName: string;
  readonly content: string;
  readonly rows: readonly NdiaClaimRow[];
}

/**
 * The files for a set of rows: the header and at most 5,000 rows each, CRLF line ends, named
 * from `firstSequence` on for the export date. References must be unique across the rows.
 */
export function buildNdiaClaimFiles(
  rows: readonly NdiaClaimRow[],
  settings: NdiaClaimSettings,
  naming: { exportDate: string; firstSequence: number },
  maxRows: number = NDIA_MAX_ROWS_PER_FILE,
): NdiaClaimFile[] {
  if (!/^\d+$/.test(settings.registrationNumber)) throw new NdiaClaimError('The registration number is digits');
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.claimReference)) throw new NdiaClaimError(`The claim reference ${row.claimReference} is used twice`);
    seen.add(row.claimReference);
  }
  const files: NdiaClaimFile[] = [];
  for (let start = 0; start < rows.length; start += maxRows) {
    const chunk = rows.slice(start, start + maxRows);
    const lines = [NDIA_CLAIM_COLUMNS.join(','), ...chunk.map((row) => ndiaClaimFields(row, settings).map(csvField).join(','))];
    files.push({ fileName: ndiaClaimFileName(naming.exportDate, naming.firstSequence + files.length), content: lines.join('\r\n') + '\r\n', rows: chunk });
  }
  return files;
}

// Reading CSV --------------------------------------------------------------------------------

/** RFC 4180 CSV: quoted fields (with doubled quotes, commas and line breaks inside), CRLF or LF. */
export function parseCsv(text: string): string[][] {
  return recordsWithLines(text).map((record) => record.fields);
}

// The NDIA's result file -----------------------------------------------------------------------

/**
 * A column name as the portal may write it: `Payment Request Number`, `PaymentRequestNumber` and
 * `payment_request_number` are one column (payments-ops.md: several names have spaces, and the
 * order is not guaranteed).
 */
export function normaliseColumnName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A line the reader could not use: its line number in the file (the header is line 1) and why. */
export interface CsvLineError {
  readonly line: number;
  readonly message: string;
}

/** The records of a CSV text with the line each starts on, the header first. */
function recordsWithLines(text: string): { fields: string[]; line: number }[] {
  const records: { fields: string[]; line: number }[] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(value);
    value = '';
    if (!(record.length === 1 && record[0] === '')) records.push({ fields: record, line: recordLine });
    record = [];
  };
  for (; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          value += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        value += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(value);
      value = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      endRecord();
      index += 1;
      line += 1;
      recordLine = line;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      line += 1;
      recordLine = line;
    } else value += char;
  }
  if (quoted) throw new NdiaClaimError(`The file ends inside a quoted field that starts on line ${recordLine}`);
  if (value !== '' || record.length > 0) endRecord();
  return records;
}

/** A CSV read by header name: the columns found, each data record with its line number. */
function readByHeader(text: string): { columns: Map<string, number>; rows: { fields: string[]; line: number }[] } {
  const [header, ...rows] = recordsWithLines(text);
  const columns = new Map<string, number>();
  (header?.fields ?? []).forEach((name, index) => {
    const key = normaliseColumnName(name);
    if (key && !columns.has(key)) columns.set(key, index);
  });
  return { columns, rows };
}

/**
 * The result file: the request's columns, and for each row the NDIA's payment request number, its
 * status, the error when rejected, what was paid and the price limit used. Columns are found by
 * their header, in any order and whatever their spaces or letter case; other columns are ignored.
 */
export const NDIA_RESULT_COLUMNS = ['Payment Request Number', 'Payment Request Status', 'Error Message', 'PaidTotalAmount', 'Capped Price'] as const;
/** payments-ops.md: SUCCESSFUL is accepted for payment (not yet paid); ERROR is rejected. */
const ACCEPTED_STATUSES = new Set(['SUCCESSFUL', 'SUCCESS', 'PAID', 'ACCEPTED', 'APPROVED']);
const REJECTED_STATUSES = new Set(['ERROR', 'REJECTED', 'FAILED', 'DECLINED', 'CANCELLED']);

export const NOT_A_RESULT_FILE_MESSAGE = 'This is not an NDIA result file: it needs the columns ClaimReference and Payment Request Status.';

export interface NdiaResultRow {
  /** The row's line in the file (the header is line 1). */
  readonly line: number;
  readonly claimReference: string;
  readonly outcome: 'ACCEPTED' | 'REJECTED';
  readonly paymentRequestNumber: string | null;
  /** The NDIA's reason for a rejection. */
  readonly errorMessage: string | null;
  /** What the NDIA will pay, in cents; null when rejected or not given (the amount claimed). */
  readonly paidCents: number | null;
  /** The price limit the NDIA applied (`Capped Price`), in cents; null when not given. */
  readonly cappedPriceCents: number | null;
}

export interface NdiaResultFile {
  readonly rows: NdiaResultRow[];
  readonly errors: CsvLineError[];
}

/** Dollars (`$1,234.5`, `65.47`, `0`) to cents; null when the text is not an amount. */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?(\d+)(?:\.(\d{1,2}))?$/.exec(text.replaceAll(',', '').trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

function cellOf(record: string[], index: number | undefined): string {
  return index === undefined ? '' : (record[index] ?? '').trim();
}

/**
 * Reads a result file. A file without the two columns it needs throws NdiaClaimError; a line that
 * cannot be read is listed in `errors` with its line number, and the other lines still count.
 */
export function parseNdiaResultFile(text: string): NdiaResultFile {
  const { columns, rows: records } = readByHeader(text);
  const reference = columns.get('claimreference');
  const status = columns.get('paymentrequeststatus');
  if (reference === undefined || status === undefined) throw new NdiaClaimError(NOT_A_RESULT_FILE_MESSAGE);
  const number = columns.get('paymentrequestnumber');
  const error = columns.get('errormessage');
  const paid = columns.get('paidtotalamount') ?? columns.get('paidamount');
  const capped = columns.get('cappedprice');
  const rows: NdiaResultRow[] = [];
  const errors: CsvLineError[] = [];
  for (const { fields, line } of records) {
    const claimReference = cellOf(fields, reference);
    if (!claimReference) {
      errors.push({ line, message: `Line ${line}: there is no ClaimReference.` });
      continue;
    }
    const statusText = cellOf(fields, status).toUpperCase();
    const outcome = ACCEPTED_STATUSES.has(statusText) ? 'ACCEPTED' : REJECTED_STATUSES.has(statusText) ? 'REJECTED' : null;
    if (!outcome) {
      errors.push({ line, message: `Line ${line}: the status ${JSON.stringify(cellOf(fields, status))} is not SUCCESSFUL or ERROR.` });
      continue;
    }
    const paidText = cellOf(fields, paid);
    const paidCents = outcome === 'ACCEPTED' && paidText ? dollarsToCents(paidText) : null;
    if (outcome === 'ACCEPTED' && paidText && paidCents === null) {
      errors.push({ line, message: `Line ${line}: the amount paid ${JSON.stringify(paidText)} is not an amount.` });
      continue;
    }
    const cappedText = cellOf(fields, capped);
    rows.push({
      line,
      claimReference,
      outcome,
      paymentRequestNumber: cellOf(fields, number) || null,
      errorMessage: outcome === 'REJECTED' ? cellOf(fields, error) || 'Rejected by the NDIA without a reason' : null,
      paidCents,
      cappedPriceCents: cappedText ? dollarsToCents(cappedText) : null,
    });
  }
  return { rows, errors };
}

// The NDIA's remittance ----------------------------------------------------------------------

export const NOT_A_REMITTANCE_MESSAGE = 'This is not an NDIA remittance: it needs the columns Payment Request Number and Paid Amount (or PaidTotalAmount, or Amount).';

export interface NdiaRemittanceRow {
  readonly line: number;
  readonly paymentRequestNumber: string;
  readonly amountCents: number;
  readonly claimReference: string | null;
}

/**
 * Reads the NDIA's remittance (payments-ops.md: the cash arrives days after acceptance, in a lump
 * sum, and the remittance lists the payment request numbers it covers), by header name as the
 * result file is. Lines it cannot read are listed with their line number.
 */
export function parseNdiaRemittance(text: string): { rows: NdiaRemittanceRow[]; errors: CsvLineError[] } {
  const { columns, rows: records } = readByHeader(text);
  const number = columns.get('paymentrequestnumber');
  const amount = columns.get('paidamount') ?? columns.get('paidtotalamount') ?? columns.get('amount');
  if (number === undefined || amount === undefined) throw new NdiaClaimError(NOT_A_REMITTANCE_MESSAGE);
  const reference = columns.get('claimreference');
  const rows: NdiaRemittanceRow[] = [];
  const errors: CsvLineError[] = [];
  for (const { fields, line } of records) {
    const paymentRequestNumber = cellOf(fields, number);
    if (!paymentRequestNumber) {
      errors.push({ line, message: `Line ${line}: there is no Payment Request Number.` });
      continue;
    }
    const amountText = cellOf(fields, amount);
    const amountCents = dollarsToCents(amountText);
    if (amountCents === null) {
      errors.push({ line, message: `Line ${line}: the amount ${JSON.stringify(amountText)} is not an amount.` });
      continue;
    }
    rows.push({ line, paymentRequestNumber, amountCents, claimReference: cellOf(fields, reference) || null });
  }
  return { rows, errors };
}
