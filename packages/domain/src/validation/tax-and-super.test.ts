import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import {
  ABN_CHECK_MESSAGE,
  ABN_LENGTH_MESSAGE,
  ACCOUNT_NUMBER_MESSAGE,
  BSB_MESSAGE,
  formatBsb,
  isValidAbn,
  maskedAccountNumber,
  SUPER_FUND_IDENTIFIER_MESSAGE,
  taxAndSuperSchema,
  type TaxAndSuperInput,
} from './tax-and-super';
import { UNSAFE_TEXT_MESSAGE } from './safe-text';

const valid: TaxAndSuperInput = {
  abn: '51 824 753 556',
  abnLegalName: 'Jordan Lee',
  gstRegistered: false,
  superFund: { name: 'Harbour Super', identifierType: 'USI', identifier: 'hbs 0100 au', memberNumber: '123456789' },
  bankAccount: { accountName: 'Jordan Lee', bsb: '062-000', accountNumber: '1234 5678' },
};

function errorsFor(input: unknown): Record<string, string> {
  const result = taxAndSuperSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('isValidAbn', () => {
  it('accepts ABNs whose check digits add up, however they are spaced', () => {
    // The Australian Taxation Office's own ABN, and other registered ones.
    for (const abn of ['51 824 753 556', '51824753556', '53-004-085-616', '33 051 775 556', '83 914 571 673']) {
      expect(isValidAbn(abn), abn).toBe(true);
    }
  });

  it('refuses a typo in any one digit, a swap of two digits, and anything but 11 digits', () => {
    const abn = '51824753556';
    for (let index = 0; index < abn.length; index += 1) {
      const digit = Number(abn[index]);
      const typo = `${abn.slice(0, index)}${(digit + 1) % 10}${abn.slice(index + 1)}`;
      expect(isValidAbn(typo), typo).toBe(false);
    }
    expect(isValidAbn('15824753556')).toBe(false);
    for (const wrong of ['', '5182475355', '518247535560', '5182475355a', '01824753556']) expect(isValidAbn(wrong), wrong).toBe(false);
  });
});

describe('taxAndSuperSchema', () => {
  it('keeps digits only, and the fund identifier in capitals without spaces', () => {
    expect(taxAndSuperSchema.parse(valid)).toEqual({
      abn: '51824753556',
      abnLegalName: 'Jordan Lee',
      gstRegistered: false,
      superFund: { name: 'Harbour Super', identifierType: 'USI', identifier: 'HBS0100AU', memberNumber: '123456789' },
      bankAccount: { accountName: 'Jordan Lee', bsb: '062000', accountNumber: '12345678' },
    });
  });

  it('says which ABN problem it is: the length, or a wrong digit', () => {
    expect(errorsFor({ ...valid, abn: '5182475355' })).toEqual({ abn: ABN_LENGTH_MESSAGE });
    expect(errorsFor({ ...valid, abn: '' })).toEqual({ abn: ABN_LENGTH_MESSAGE });
    expect(errorsFor({ ...valid, abn: '51 824 753 557' })).toEqual({ abn: ABN_CHECK_MESSAGE });
  });

  it('asks for a 6-digit BSB and a 6- to 10-digit account number', () => {
    expect(errorsFor({ ...valid, bankAccount: { ...valid.bankAccount, bsb: '06200' } })).toEqual({ 'bankAccount.bsb': BSB_MESSAGE });
    expect(errorsFor({ ...valid, bankAccount: { ...valid.bankAccount, bsb: '062 00O' } })).toEqual({ 'bankAccount.bsb': BSB_MESSAGE });
    expect(errorsFor({ ...valid, bankAccount: { ...valid.bankAccount, accountNumber: '12345' } })).toEqual({
      'bankAccount.accountNumber': ACCOUNT_NUMBER_MESSAGE,
    });
    expect(errorsFor({ ...valid, bankAccount: { ...valid.bankAccount, accountNumber: '12345678901' } })).toEqual({
      'bankAccount.accountNumber': ACCOUNT_NUMBER_MESSAGE,
    });
  });

  it('names every missing field, and refuses text that cannot be stored', () => {
    expect(Object.keys(errorsFor({})).sort()).toEqual(['abn', 'abnLegalName', 'bankAccount', 'gstRegistered', 'superFund']);
    expect(errorsFor({ ...valid, superFund: { ...valid.superFund, identifier: 'HBS-0100' } })).toEqual({
      'superFund.identifier': SUPER_FUND_IDENTIFIER_MESSAGE,
    });
    expect(errorsFor({ ...valid, abnLegalName: 'Jordan\u0000Lee' })).toEqual({ abnLegalName: UNSAFE_TEXT_MESSAGE });
  });
});

describe('showing bank details again', () => {
  it('shows an account number by its last three digits only, and a BSB as printed', () => {
    expect(maskedAccountNumber('12345678')).toBe('•••• 678');
    expect(formatBsb('062000')).toBe('062-000');
  });
});
