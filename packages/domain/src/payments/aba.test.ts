import { describe, expect, it } from 'vitest';
import { AbaParseError, formatBsb, parseAbaFile, writeAbaFile, type AbaFileInput } from './aba';

const platformAccount = { bsb: '062000', accountNumber: '10203040', accountName: 'Tendly Pty Ltd' };
const input: AbaFileInput = {
  header: { bankCode: 'CBA', userName: 'TENDLY PTY LTD', userId: '301500', description: 'PAYOUTS', processingDate: '2026-11-27' },
  platformAccount,
  remitterName: 'TENDLY',
  payments: [
    { to: { bsb: '033-001', accountNumber: '123456', accountName: 'Ana Lee' }, amountCents: 12_345, lodgementReference: 'REM-000001' },
    { to: { bsb: '082001', accountNumber: '987654321', accountName: 'Zoë Ngũgĩ with a very long account title indeed' }, amountCents: 100, lodgementReference: 'REM-000007' },
  ],
};

describe('writeAbaFile', () => {
  const file = writeAbaFile(input);
  const records = file.split('\r\n');

  it('writes 120-character records, each ended by CRLF', () => {
    expect(file.endsWith('\r\n')).toBe(true);
    expect(records.pop()).toBe('');
    expect(records).toHaveLength(5);
    for (const record of records) expect(record).toHaveLength(120);
  });

  it('puts every field of the descriptive record where the specification says', () => {
    const header = records[0]!;
    expect(header[0]).toBe('0');
    expect(header.slice(1, 18)).toBe(' '.repeat(17));
    expect(header.slice(18, 20)).toBe('01');
    expect(header.slice(20, 23)).toBe('CBA');
    expect(header.slice(23, 30)).toBe(' '.repeat(7));
    expect(header.slice(30, 56)).toBe('TENDLY PTY LTD'.padEnd(26));
    expect(header.slice(56, 62)).toBe('301500');
    expect(header.slice(62, 74)).toBe('PAYOUTS'.padEnd(12));
    expect(header.slice(74, 80)).toBe('271126');
    expect(header.slice(80)).toBe(' '.repeat(40));
  });

  it('puts every field of a credit record where the specification says', () => {
    const detail = records[1]!;
    expect(detail[0]).toBe('1');
    expect(detail.slice(1, 8)).toBe('033-001');
    expect(detail.slice(8, 17)).toBe('   123456');
    expect(detail[17]).toBe(' ');
    expect(detail.slice(18, 20)).toBe('50');
    expect(detail.slice(20, 30)).toBe('0000012345');
    expect(detail.slice(30, 62)).toBe('Ana Lee'.padEnd(32));
    expect(detail.slice(62, 80)).toBe('REM-000001'.padEnd(18));
    expect(detail.slice(80, 87)).toBe('062-000');
    expect(detail.slice(87, 96)).toBe(' 10203040');
    expect(detail.slice(96, 112)).toBe('TENDLY'.padEnd(16));
    expect(detail.slice(112, 120)).toBe('00000000');
  });

  it('cuts long titles and writes accented letters plainly', () => {
    expect(records[2]!.slice(30, 62)).toBe('Zoe Ngugi with a very long accou');
  });

  it('balances the file with a debit of the platform account and totals it', () => {
    const debit = records[3]!;
    expect(debit.slice(1, 8)).toBe('062-000');
    expect(debit.slice(8, 17)).toBe(' 10203040');
    expect(debit.slice(18, 20)).toBe('13');
    expect(debit.slice(20, 30)).toBe('0000012445');
    const total = records[4]!;
    expect(total.slice(0, 8)).toBe('7999-999');
    expect(total.slice(8, 20)).toBe(' '.repeat(12));
    expect(total.slice(20, 30)).toBe('0000000000');
    expect(total.slice(30, 40)).toBe('0000012445');
    expect(total.slice(40, 50)).toBe('0000012445');
    expect(total.slice(50, 74)).toBe(' '.repeat(24));
    expect(total.slice(74, 80)).toBe('000003');
  });

  it('reads back what it wrote', () => {
    const parsed = parseAbaFile(file);
    expect(parsed.header).toEqual({ reelSequence: '01', bankCode: 'CBA', userName: 'TENDLY PTY LTD', userId: '301500', description: 'PAYOUTS', processingDate: '271126' });
    expect(parsed.details.map((detail) => [detail.bsb, detail.accountNumber, detail.transactionCode, detail.amountCents, detail.lodgementReference])).toEqual([
      ['033-001', '123456', '50', 12_345, 'REM-000001'],
      ['082-001', '987654321', '50', 100, 'REM-000007'],
      ['062-000', '10203040', '13', 12_445, 'PAYOUTS'],
    ]);
    expect(parsed.details[0]).toMatchObject({ traceBsb: '062-000', traceAccountNumber: '10203040', remitterName: 'TENDLY', withholdingCents: 0, accountName: 'Ana Lee' });
    expect(parsed.total).toEqual({ netCents: 0, creditCents: 12_445, debitCents: 12_445, count: 3 });
  });

  it('leaves the balancing record out when asked, and the net total is then the credits', () => {
    const parsed = parseAbaFile(writeAbaFile({ ...input, balance: false }));
    expect(parsed.total).toEqual({ netCents: 12_445, creditCents: 12_445, debitCents: 0, count: 2 });
  });

  it('writes a file of no payments as a header and a zero total', () => {
    const parsed = parseAbaFile(writeAbaFile({ ...input, payments: [] }));
    expect(parsed.details).toEqual([]);
    expect(parsed.total).toEqual({ netCents: 0, creditCents: 0, debitCents: 0, count: 0 });
  });

  it('refuses what a bank would refuse', () => {
    expect(() => writeAbaFile({ ...input, payments: [{ ...input.payments[0]!, amountCents: 0 }] })).toThrow(RangeError);
    expect(() => writeAbaFile({ ...input, payments: [{ ...input.payments[0]!, amountCents: 1.5 }] })).toThrow(RangeError);
    expect(() => writeAbaFile({ ...input, payments: [{ ...input.payments[0]!, to: { ...input.payments[0]!.to, accountNumber: '1234567890' } }] })).toThrow(RangeError);
    expect(() => formatBsb('12-3456')).toThrow(RangeError);
    expect(formatBsb('123456')).toBe('123-456');
  });
});

describe('parseAbaFile', () => {
  const file = writeAbaFile(input);

  it('refuses a file with bare LF line ends', () => {
    expect(() => parseAbaFile(file.replaceAll('\r\n', '\n'))).toThrow(AbaParseError);
  });

  it('refuses a record of the wrong length', () => {
    expect(() => parseAbaFile(file.replace('REM-000001', 'REM-0000011'))).toThrow(/121 characters/);
  });

  it('refuses totals that do not add up', () => {
    const records = file.split('\r\n');
    records[4] = records[4]!.slice(0, 30) + '0000012446' + records[4]!.slice(40);
    expect(() => parseAbaFile(records.join('\r\n'))).toThrow(/credit total/);
  });

  it('refuses a file without its total record', () => {
    const records = file.split('\r\n');
    expect(() => parseAbaFile(records.slice(0, 4).join('\r\n') + '\r\n')).toThrow(/type 7/);
  });
});
