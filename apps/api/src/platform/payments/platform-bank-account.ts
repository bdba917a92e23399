import type { Config } from '../config';

/**
 * The platform's own bank account (issue 28): the one account every payer by transfer pays into
 * (care seekers, plan managers, aged care providers), printed on every invoice paid by transfer
 * with the invoice's payment reference. The same settings are the payout file's debit account.
 */
export interface PlatformBankAccount {
  readonly accountName: string;
  /** As printed: `062-000`. */
  readonly bsb: string;
  readonly accountNumber: string;
}

export type PlatformBankConfig = Pick<Config, 'PLATFORM_BANK_ACCOUNT_NAME' | 'PLATFORM_BANK_BSB' | 'PLATFORM_BANK_ACCOUNT_NUMBER'>;

export function platformBankAccountOf(config: PlatformBankConfig): PlatformBankAccount {
  const bsb = config.PLATFORM_BANK_BSB.replace(/\D/g, '');
  return { accountName: config.PLATFORM_BANK_ACCOUNT_NAME, bsb: `${bsb.slice(0, 3)}-${bsb.slice(3)}`, accountNumber: config.PLATFORM_BANK_ACCOUNT_NUMBER };
}

/** "Account name Tendly Pty Ltd, BSB 062-000, account number 10203040, payment reference 1000009": one line for emails. */
export function transferDetailsText(account: PlatformBankAccount, reference: string): string {
  return `Account name ${account.accountName}, BSB ${account.bsb}, account number ${account.accountNumber}, payment reference ${reference}`;
}
