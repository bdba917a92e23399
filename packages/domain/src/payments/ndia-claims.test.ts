import { describe, expect, it } from 'vitest';
import {
  buildNdiaClaimFiles,
  formatNdiaHours,
  NDIA_CLAIM_COLUMNS,
  NdiaClaimError,
  ndiaClaimFileName,
  NOT_A_RESULT_FILE_MESSAGE,
  parseCsv,
  parseNdiaResultFile,
  parseNdiaRemittance,
  NOT_A_REMITTANCE_MESSAGE,
  type NdiaClaimRow,
  type NdiaClaimSettings,
} from './ndia-claims';

const settings: NdiaClaimSettings = { registrationNumber: '4050012345', dateFormat: 'YYYY-MM-DD', hoursFormat: 'decimal' };
const hourly: NdiaClaimRow = {
  ndisNumber: '430123456',
  deliveredFrom: '2026-11-20',
  deliveredTo: '2026-11-20',
  supportNumber: '01_011_0107_1_1',
  claimReference: 'b3c1a3f0-4a55-4e0e-9d0b-1f5a2c3d4e5f-1',
  unit: 'H',
  quantityHundredths: 150,
  unitPriceCents: 6_547,
  claimType: null,
  cancellationReason: null,
  providerAbn: '51824753556',
  gstCode: 'P2',
};
const travel: NdiaClaimRow = { ...hourly, claimReference: 'TRAVEL/2_x', supportNumber: '01_799_0107_1_1', unit: 'KM', quantityHundredths: 1_250, unitPriceCents: 99 };
const cancellation: NdiaClaimRow = { ...hourly, claimReference: 'CANC-1', claimType: 'CANC', cancellationReason: 'NSDH', quantityHundredths: 200 };

const naming = { exportDate: '2026-11-27', firstSequence: 1 };

describe('buildNdiaClaimFiles', () => {
  it('writes the NDIA header in its order, then one row per line, with CRLF', () => {
    const [file] = buildNdiaClaimFiles([hourly, travel, cancellation], settings, naming);
    const lines = file!.content.split('\r\n');
    expect(lines[0]).toBe(
      'RegistrationNumber,NDISNumber,SupportsDeliveredFrom,SupportsDeliveredTo,SupportNumber,ClaimReference,Quantity,Hours,UnitPrice,GSTCode,AuthorisedBy,ParticipantApproved,InKindFundingProgram,ClaimType,CancellationReason,ABN of Support Provider',
    );
    expect(lines[0]!.split(',')).toEqual([...NDIA_CLAIM_COLUMNS]);
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(5);
  });

  it('claims hourly items in Hours and the others in Quantity, never both, prices with 2 decimals and GST code P2', () => {
    const [file] = buildNdiaClaimFiles([hourly, travel, cancellation], settings, naming);
    const rows = parseCsv(file!.content).slice(1);
    const at = (row: string[], name: (typeof NDIA_CLAIM_COLUMNS)[number]) => row[NDIA_CLAIM_COLUMNS.indexOf(name)];
    expect(rows[0]).toEqual(['4050012345', '430123456', '2026-11-20', '2026-11-20', '01_011_0107_1_1', hourly.claimReference, '', '1.5', '65.47', 'P2', '', '', '', '', '', '51824753556']);
    expect([at(rows[1]!, 'Quantity'), at(rows[1]!, 'Hours'), at(rows[1]!, 'UnitPrice')]).toEqual(['12.5', '', '0.99']);
    expect([at(rows[2]!, 'Hours'), at(rows[2]!, 'ClaimType'), at(rows[2]!, 'CancellationReason')]).toEqual(['2', 'CANC', 'NSDH']);
    for (const row of rows) {
      expect(row).toHaveLength(16);
      expect(at(row, 'GSTCode')).toBe('P2');
      expect([at(row, 'Quantity'), at(row, 'Hours')].filter(Boolean)).toHaveLength(1);
    }
  });

  it('writes dates and hours in the configured formats', () => {
    const [file] = buildNdiaClaimFiles([{ ...hourly, quantityHundredths: 175 }], { ...settings, dateFormat: 'YYYY/MM/DD', hoursFormat: 'hhh:mm' }, naming);
    const row = parseCsv(file!.content)[1]!;
    expect(row.slice(2, 4)).toEqual(['2026/11/20', '2026/11/20']);
    expect(row[7]).toBe('001:45');
    expect(formatNdiaHours(100 * 123 + 50, 'hhh:mm')).toBe('123:30');
  });

  it('splits into files of at most 5,000 rows, named in sequence within 20 characters', () => {
    const rows = Array.from({ length: 10_001 }, (_, index) => ({ ...hourly, claimReference: `R-${index}` }));
    const files = buildNdiaClaimFiles(rows, settings, { exportDate: '2026-11-27', firstSequence: 3 });
    expect(files.map((file) => file.rows.length)).toEqual([5_000, 5_000, 1]);
    expect(files.map((file) => file.fileName)).toEqual(['TDL2611270003.csv', 'TDL2611270004.csv', 'TDL2611270005.csv']);
    for (const file of files) {
      expect(file.fileName.length).toBeLessThanOrEqual(20);
      expect(file.content.split('\r\n').length - 2).toBe(file.rows.length);
    }
    expect(files[2]!.rows[0]!.claimReference).toBe('R-10000');
  });

  it('names files TDL, the date as YYMMDD and a four-digit sequence', () => {
    expect(ndiaClaimFileName('2026-11-27', 1)).toBe('TDL2611270001.csv');
    expect(ndiaClaimFileName('2026-11-27', 1)).toHaveLength(17);
    expect(ndiaClaimFileName('2099-01-02', 9_999)).toBe('TDL9901029999.csv');
    expect(() => ndiaClaimFileName('2026-11-27', 10_000)).toThrow(NdiaClaimError);
    expect(() => ndiaClaimFileName('27/11/2026', 1)).toThrow(NdiaClaimError);
  });

  it('refuses rows the NDIA would reject', () => {
    const build = (row: NdiaClaimRow) => () => buildNdiaClaimFiles([row], settings, naming);
    expect(build({ ...hourly, claimReference: 'has space' })).toThrow(/claim reference/);
    expect(build({ ...hourly, claimReference: 'x'.repeat(51) })).toThrow(/claim reference/);
    expect(build({ ...hourly, claimReference: 'x'.repeat(50) })).not.toThrow();
    expect(build({ ...hourly, ndisNumber: '12345' })).toThrow(/NDIS number/);
    expect(build({ ...cancellation, cancellationReason: null })).toThrow(/reason/);
    expect(build({ ...hourly, deliveredTo: '2026-11-19' })).toThrow(/ends before/);
    expect(() => buildNdiaClaimFiles([hourly, hourly], settings, naming)).toThrow(/used twice/);
  });

  it('writes no file for no rows', () => {
    expect(buildNdiaClaimFiles([], settings, naming)).toEqual([]);
  });
});

describe('parseNdiaResultFile', () => {
  it('reads the outcome of each row by header name, whatever the column order, quoting or line ends', () => {
    const text = [
      'PaymentRequestStatus,ClaimReference,PaymentRequestNumber,ErrorMessage,PaidTotalAmount,NDISNumber',
      'SUCCESSFUL,R-1,PR100,,98.21,430123456',
      '"ERROR","R-2","PR101","Support item not in plan, correct and resubmit","",430123456',
      'paid,R-3,PR102,,"1,234.5",430123456',
    ].join('\r\n');
    expect(parseNdiaResultFile(text)).toEqual({
      rows: [
        { line: 2, claimReference: 'R-1', outcome: 'ACCEPTED', paymentRequestNumber: 'PR100', errorMessage: null, paidCents: 9_821, cappedPriceCents: null },
        { line: 3, claimReference: 'R-2', outcome: 'REJECTED', paymentRequestNumber: 'PR101', errorMessage: 'Support item not in plan, correct and resubmit', paidCents: null, cappedPriceCents: null },
        { line: 4, claimReference: 'R-3', outcome: 'ACCEPTED', paymentRequestNumber: 'PR102', errorMessage: null, paidCents: 123_450, cappedPriceCents: null },
      ],
      errors: [],
    });
  });

  it('reads the portal’s layout: column names with spaces, in any letter case, unknown columns ignored', () => {
    const text = [
      'Participant Name,claimreference,Payment Request Number,PAYMENT REQUEST STATUS,Error Message,Capped Price,PaidTotalAmount,Something New',
      'Helen Nguyen,R-1,PR7,SUCCESSFUL,,65.47,98.21,x',
    ].join('\n');
    expect(parseNdiaResultFile(text).rows).toEqual([{ line: 2, claimReference: 'R-1', outcome: 'ACCEPTED', paymentRequestNumber: 'PR7', errorMessage: null, paidCents: 9_821, cappedPriceCents: 6_547 }]);
  });

  it('reads a result made from our own request file, with a byte order mark and LF line ends', () => {
    const [file] = buildNdiaClaimFiles([hourly], settings, naming);
    const [header, row] = parseCsv(file!.content);
    const text = `\uFEFF${[...header!, 'PaymentRequestNumber', 'PaymentRequestStatus', 'ErrorMessage', 'PaidTotalAmount'].join(',')}\n${[...row!, 'PR1', 'REJECTED', '', ''].join(',')}\n`;
    expect(parseNdiaResultFile(text).rows).toEqual([{ line: 2, claimReference: hourly.claimReference, outcome: 'REJECTED', paymentRequestNumber: 'PR1', errorMessage: 'Rejected by the NDIA without a reason', paidCents: null, cappedPriceCents: null }]);
  });

  it('says clearly when a file is not a result file', () => {
    const [request] = buildNdiaClaimFiles([hourly], settings, naming);
    expect(() => parseNdiaResultFile(request!.content)).toThrow(NOT_A_RESULT_FILE_MESSAGE);
    expect(() => parseNdiaResultFile('')).toThrow(NOT_A_RESULT_FILE_MESSAGE);
    expect(() => parseNdiaResultFile('%PDF-1.4 binary')).toThrow(NOT_A_RESULT_FILE_MESSAGE);
  });

  it('names the line it cannot read by its number, and still reads the others', () => {
    const text = 'ClaimReference,Payment Request Status,PaidTotalAmount\r\nR-1,MAYBE,\r\n"R-2\r\nstill R-2",SUCCESSFUL,ten\r\nR-3,SUCCESSFUL,10\r\n,ERROR,\r\n';
    const { rows, errors } = parseNdiaResultFile(text);
    expect(rows.map((row) => [row.line, row.claimReference, row.paidCents])).toEqual([[5, 'R-3', 1_000]]);
    expect(errors).toEqual([
      { line: 2, message: 'Line 2: the status "MAYBE" is not SUCCESSFUL or ERROR.' },
      { line: 3, message: 'Line 3: the amount paid "ten" is not an amount.' },
      { line: 6, message: 'Line 6: there is no ClaimReference.' },
    ]);
    expect(() => parseNdiaResultFile('ClaimReference,PaymentRequestStatus\r\n"R-1,PAID\r\n')).toThrow(/quoted/);
  });
});

describe('parseNdiaRemittance', () => {
  it('reads Payment Request Number and the amount paid by name, with ClaimReference when present', () => {
    expect(parseNdiaRemittance('Payment Request Number,Paid Amount\r\nPR1,98.21\r\n').rows).toEqual([{ line: 2, paymentRequestNumber: 'PR1', amountCents: 9_821, claimReference: null }]);
    expect(parseNdiaRemittance('paymentrequestnumber,PaidTotalAmount,ClaimReference\nPR2,0.00,R-2\n').rows).toEqual([{ line: 2, paymentRequestNumber: 'PR2', amountCents: 0, claimReference: 'R-2' }]);
    expect(parseNdiaRemittance('Amount,Payment Request Number\n"$1,000.10",PR3\n,PR4\n')).toEqual({
      rows: [{ line: 2, paymentRequestNumber: 'PR3', amountCents: 100_010, claimReference: null }],
      errors: [{ line: 3, message: 'Line 3: the amount "" is not an amount.' }],
    });
    expect(() => parseNdiaRemittance('ClaimReference,Paid Amount\nR-1,1\n')).toThrow(NOT_A_REMITTANCE_MESSAGE);
  });
});
