/**
 * The Australian direct entry file (ABA, also called Cemtex) a payout run hands to the bank
 * (issue 15): fixed-width records of 120 characters, each ended by CRLF.
 *
 * - Type 0, the descriptive record: the bank, the user (the name and APCA user id the bank gave
 *   the platform), what the file is and the processing date (DDMMYY).
 * - Type 1, one detail record per payment: BSB `xxx-xxx`, account number, transaction code
 *   (50 a credit, 13 the balancing debit), the amount in cents, the account title, the lodgement
 *   reference the payee sees, the trace account (ours, where a returned payment goes), the
 *   remitter's name and the withholding tax (always zero here).
 * - Type 7, the file total: net, credit and debit totals and the count of type 1 records.
 *
 * Banks commonly require a balanced file: a last type 1 record debits the platform's account with
 * the sum of the credits, so the net total is zero. Positions below are 1-based, as the banking
 * industry's specification writes them.
 */

export const ABA_RECORD_LENGTH = 120;
export const ABA_LINE_END = '\r\n';
export const ABA_CREDIT = '50';
export const ABA_DEBIT = '13';
/** The largest amount one record (10 digits of cents) or total can hold. */
const MAX_AMOUNT_CENTS = 9_999_999_999;

export interface AbaAccount {
  /** Six digits, with or without the dash. */
  readonly bsb: string;
  /** Up to nine digits. */
  readonly accountNumber: string;
  /** Up to 32 characters (more are cut). */
  readonly accountName: string;
}

export interface AbaHeader {
  /** The bank's three-letter code (CBA, WBC, NAB, ANZ, ...). */
  readonly bankCode: string;
  /** The user name the bank knows the platform by (26 characters). */
  readonly userName: string;
  /** The APCA user id (six digits). */
  readonly userId: string;
  /** What the file is (12 characters), e.g. `PAYOUTS`. */
  readonly description: string;
  /** YYYY-MM-DD: the day the bank should process it. */
  readonly processingDate: string;
}

export interface AbaPayment {
  readonly to: AbaAccount;
  readonly amountCents: number;
  /** What the payee sees on their statement (18 characters), e.g. the remittance number. */
  readonly lodgementReference: string;
}

export interface AbaFileInput {
  readonly header: AbaHeader;
  /** The platform's own account: the trace account of every record and the balancing debit. */
  readonly platformAccount: AbaAccount;
  /** The remitter name the payees see (16 characters). */
  readonly remitterName: string;
  readonly payments: readonly AbaPayment[];
  /** Adds the balancing debit against the platform's account (true unless told otherwise). */
  readonly balance?: boolean;
}

/** ABA text fields take a restricted character set; anything else becomes a space. */
function abaText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 &'()*+,./:;?_-]/g, ' ');
}

function left(value: string, width: number): string {
  return abaText(value).slice(0, width).padEnd(width, ' ');
}

function rightZero(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function blank(width: number): string {
  return ' '.repeat(width);
}

/** `062000` or `062-000` → `062-000`; anything else throws. */
export function formatBsb(bsb: string): string {
  const match = /^(\d{3})-?(\d{3})$/.exec(bsb.trim());
  if (!match) throw new RangeError(`Not a BSB: ${JSON.stringify(bsb)}`);
  return `${match[1]}-${match[2]}`;
}

function accountField(accountNumber: string): string {
  const digits = accountNumber.replace(/[\s-]/g, '');
  if (!/^\d{1,9}$/.test(digits)) throw new RangeError('Not an account number: up to nine digits');
  return digits.padStart(9, ' ');
}

function amountField(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_AMOUNT_CENTS) throw new RangeError(`Not an ABA amount: ${cents}`);
  return rightZero(cents, 10);
}

/** YYYY-MM-DD → DDMMYY. */
function abaDate(isoDate: string): string {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Not a date: ${JSON.stringify(isoDate)}`);
  return `${match[3]}${match[2]}${match[1]}`;
}

function assertLength(record: string): string {
  if (record.length !== ABA_RECORD_LENGTH) throw new Error(`ABA record is ${record.length} characters, not ${ABA_RECORD_LENGTH}`);
  return record;
}

function descriptiveRecord(header: AbaHeader): string {
  if (!/^[A-Z]{3}$/.test(header.bankCode)) throw new RangeError('The bank code is three capital letters');
  if (!/^\d{1,6}$/.test(header.userId)) throw new RangeError('The APCA user id is up to six digits');
  return assertLength(
    '0' +
      blank(17) +
      '01' +
      header.bankCode +
      blank(7) +
      left(header.userName, 26) +
      header.userId.padStart(6, '0') +
      left(header.description, 12) +
      abaDate(header.processingDate) +
      blank(40),
  );
}

function detailRecord(to: AbaAccount, transactionCode: string, amountCents: number, reference: string, trace: AbaAccount, remitterName: string): string {
  return assertLength(
    '1' +
      formatBsb(to.bsb) +
      accountField(to.accountNumber) +
      ' ' +
      transactionCode +
      amountField(amountCents) +
      left(to.accountName, 32) +
      left(reference, 18) +
      formatBsb(trace.bsb) +
      accountField(trace.accountNumber) +
      left(remitterName, 16) +
      rightZero(0, 8),
  );
}

function totalRecord(creditCents: number, debitCents: number, count: number): string {
  if (count > 999_999) throw new RangeError('An ABA file holds at most 999,999 records');
  return assertLength(
    '7' + '999-999' + blank(12) + amountField(Math.abs(creditCents - debitCents)) + amountField(creditCents) + amountField(debitCents) + blank(24) + rightZero(count, 6) + blank(40),
  );
}

/**
 * The whole file: the descriptive record, a credit per payment (amounts above zero), the
 * balancing debit and the file total, each 120 characters and CRLF-terminated.
 */
export function writeAbaFile(input: AbaFileInput): string {
  const records = [descriptiveRecord(input.header)];
  let credit = 0;
  for (const payment of input.payments) {
    if (payment.amountCents <= 0) throw new RangeError('A payment is more than zero cents');
    credit += payment.amountCents;
    records.push(detailRecord(payment.to, ABA_CREDIT, payment.amountCents, payment.lodgementReference, input.platformAccount, input.remitterName));
  }
  let debit = 0;
  if ((input.balance ?? true) && credit > 0) {
    debit = credit;
    records.push(detailRecord(input.platformAccount, ABA_DEBIT, credit, input.header.description, input.platformAccount, input.remitterName));
  }
  records.push(totalRecord(credit, debit, records.length - 1));
  return records.map((record) => record + ABA_LINE_END).join('');
}

// Reading a file back --------------------------------------------------------------------------

export interface ParsedAbaDetail {
  readonly bsb: string;
  readonly accountNumber: string;
  readonly indicator: string;
  readonly transactionCode: string;
  readonly amountCents: number;
  readonly accountName: string;
  readonly lodgementReference: string;
  readonly traceBsb: string;
  readonly traceAccountNumber: string;
  readonly remitterName: string;
  readonly withholdingCents: number;
}

export interface ParsedAbaFile {
  readonly header: {
    readonly reelSequence: string;
    readonly bankCode: string;
    readonly userName: string;
    readonly userId: string;
    readonly description: string;
    /** DDMMYY as written. */
    readonly processingDate: string;
  };
  readonly details: readonly ParsedAbaDetail[];
  readonly total: { readonly netCents: number; readonly creditCents: number; readonly debitCents: number; readonly count: number };
}

export class AbaParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AbaParseError';
  }
}

/** Characters `from` to `to` of a record, 1-based and inclusive, as the specification numbers them. */
function field(record: string, from: number, to: number): string {
  return record.slice(from - 1, to);
}

function cents(text: string, where: string): number {
  if (!/^\d+$/.test(text)) throw new AbaParseError(`${where} is not a number: ${JSON.stringify(text)}`);
  return Number(text);
}

/**
 * Reads an ABA file, checking what a bank checks: every record 120 characters and CRLF-ended, a
 * descriptive record first and one total record last, and totals that agree with the details.
 */
export function parseAbaFile(text: string): ParsedAbaFile {
  if (!text.endsWith(ABA_LINE_END)) throw new AbaParseError('The file does not end with CRLF');
  const records = text.slice(0, -ABA_LINE_END.length).split(ABA_LINE_END);
  records.forEach((record, index) => {
    if (record.length !== ABA_RECORD_LENGTH) throw new AbaParseError(`Record ${index + 1} is ${record.length} characters, not ${ABA_RECORD_LENGTH}`);
    if (record.includes('\n') || record.includes('\r')) throw new AbaParseError(`Record ${index + 1} has a bare line break`);
  });
  const first = records[0];
  const last = records[records.length - 1];
  if (!first || first[0] !== '0') throw new AbaParseError('The first record is not a descriptive (type 0) record');
  if (!last || last[0] !== '7' || records.length < 2) throw new AbaParseError('The last record is not a file total (type 7) record');
  const details = records.slice(1, -1).map((record, index): ParsedAbaDetail => {
    if (record[0] !== '1') throw new AbaParseError(`Record ${index + 2} is not a detail (type 1) record`);
    return {
      bsb: field(record, 2, 8),
      accountNumber: field(record, 9, 17).trim(),
      indicator: field(record, 18, 18),
      transactionCode: field(record, 19, 20),
      amountCents: cents(field(record, 21, 30), `Record ${index + 2}'s amount`),
      accountName: field(record, 31, 62).trimEnd(),
      lodgementReference: field(record, 63, 80).trimEnd(),
      traceBsb: field(record, 81, 87),
      traceAccountNumber: field(record, 88, 96).trim(),
      remitterName: field(record, 97, 112).trimEnd(),
      withholdingCents: cents(field(record, 113, 120), `Record ${index + 2}'s withholding tax`),
    };
  });
  const total = {
    netCents: cents(field(last, 21, 30), 'The net total'),
    creditCents: cents(field(last, 31, 40), 'The credit total'),
    debitCents: cents(field(last, 41, 50), 'The debit total'),
    count: cents(field(last, 75, 80), 'The record count'),
  };
  if (field(last, 2, 8) !== '999-999') throw new AbaParseError('The file total record does not start 7999-999');
  const credit = details.filter((detail) => detail.transactionCode === ABA_CREDIT).reduce((sum, detail) => sum + detail.amountCents, 0);
  const debit = details.filter((detail) => detail.transactionCode === ABA_DEBIT).reduce((sum, detail) => sum + detail.amountCents, 0);
  if (total.creditCents !== credit) throw new AbaParseError(`The credit total ${total.creditCents} is not the sum of the credits ${credit}`);
  if (total.debitCents !== debit) throw new AbaParseError(`The debit total ${total.debitCents} is not the sum of the debits ${debit}`);
  if (total.netCents !== Math.abs(credit - debit)) throw new AbaParseError(`The net total ${total.netCents} is not ${Math.abs(credit - debit)}`);
  if (total.count !== details.length) throw new AbaParseError(`The record count ${total.count} is not ${details.length}`);
  return {
    header: {
      reelSequence: field(first, 19, 20),
      bankCode: field(first, 21, 23),
      userName: field(first, 31, 56).trimEnd(),
      userId: field(first, 57, 62),
      description: field(first, 63, 74).trimEnd(),
      processingDate: field(first, 75, 80),
    },
    details,
    total,
  };
}
