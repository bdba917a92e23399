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
/** Supports to agency-managed participants are GST-free (ndis.md "GST"). */
export const NDIA_GST_CODE = 'P2';

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
  /** Blank for a delivered support; CANC for a short-notice cancellation (with its reason). */
  readonly claimType: 'CANC' | null;
  readonly cancellationReason: CancellationReasonCode | null;
  /** The worker's ABN (the support provider); blank when unknown. */
  readonly providerAbn: string | null;
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
    NDIA_GST_CODE,
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
  const records: string[][] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(value);
    value = '';
    if (!(record.length === 1 && record[0] === '')) records.push(record);
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
      } else value += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(value);
      value = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      endRecord();
      index += 1;
    } else if (char === '\n' || char === '\r') endRecord();
    else value += char;
  }
  if (quoted) throw new NdiaClaimError('The file ends inside a quoted field');
  if (value !== '' || record.length > 0) endRecord();
  return records;
}

// The NDIA's result file -----------------------------------------------------------------------

/**
 * The result file: the request's columns, and for each row the NDIA's payment request number,
 * its status, the error when rejected, and what was paid. Columns are found by their header, in
 * any order, so extra or reordered columns do not matter.
 */
export const NDIA_RESULT_COLUMNS = ['PaymentRequestNumber', 'PaymentRequestStatus', 'ErrorMessage', 'PaidTotalAmount'] as const;
const PAID_STATUSES = new Set(['PAID', 'SUCCESSFUL', 'SUCCESS', 'ACCEPTED', 'APPROVED']);
const REJECTED_STATUSES = new Set(['REJECTED', 'ERROR', 'FAILED', 'DECLINED', 'CANCELLED']);

export const NOT_A_RESULT_FILE_MESSAGE = 'This is not an NDIA result file: it needs the columns ClaimReference and PaymentRequestStatus.';

export interface NdiaResultRow {
  readonly claimReference: string;
  readonly outcome: 'PAID' | 'REJECTED';
  readonly paymentRequestNumber: string | null;
  /** The NDIA's reason for a rejection. */
  readonly errorMessage: string | null;
  /** What the NDIA paid, in cents; null when rejected or not given. */
  readonly paidCents: number | null;
}

function dollarsToCents(text: string, where: string): number {
  const match = /^\$?(\d+)(?:\.(\d{1,2}))?$/.exec(text.replaceAll(',', '').trim());
  if (!match) throw new NdiaClaimError(`${where}: ${JSON.stringify(text)} is not an amount`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Reads a result file. Throws NdiaClaimError, with the row, on anything it cannot read. */
export function parseNdiaResultFile(text: string): NdiaResultRow[] {
  const [header, ...records] = parseCsv(text);
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name.toLowerCase());
  const reference = column('ClaimReference');
  const status = column('PaymentRequestStatus');
  if (reference < 0 || status < 0) throw new NdiaClaimError(NOT_A_RESULT_FILE_MESSAGE);
  const number = column('PaymentRequestNumber');
  const error = column('ErrorMessage');
  const paid = column('PaidTotalAmount');
  const cell = (record: string[], index: number) => (index < 0 ? '' : (record[index] ?? '').trim());
  return records.map((record, index) => {
    const where = `Row ${index + 2}`;
    const claimReference = cell(record, reference);
    if (!claimReference) throw new NdiaClaimError(`${where}: there is no ClaimReference`);
    const statusText = cell(record, status).toUpperCase();
    const outcome = PAID_STATUSES.has(statusText) ? 'PAID' : REJECTED_STATUSES.has(statusText) ? 'REJECTED' : null;
    if (!outcome) throw new NdiaClaimError(`${where}: the status ${JSON.stringify(cell(record, status))} is not one we know`);
    const paidText = cell(record, paid);
    return {
      claimReference,
      outcome,
      paymentRequestNumber: cell(record, number) || null,
      errorMessage: outcome === 'REJECTED' ? cell(record, error) || 'Rejected by the NDIA without a reason' : null,
      paidCents: outcome === 'PAID' && paidText ? dollarsToCents(paidText, where) : null,
    };
  });
}
