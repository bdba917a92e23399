import { clientWalletListSchema, walletSchema, type ClientWalletList, type SaveWalletRequest, type Wallet } from '@tendly/domain/api/funding-wallet';
import { apiRequest } from '../../platform/api-client';

/** GET and PUT /api/funding-wallet, and the coordinator's GET /api/support-coordinator/wallets (issue 16). */

export const walletQueryKey = ['funding-wallet'] as const;
export const clientWalletsQueryKey = ['funding-wallet', 'clients'] as const;

export function fetchWallet(signal?: AbortSignal): Promise<Wallet> {
  return apiRequest('/funding-wallet', { schema: walletSchema, ...(signal ? { signal } : {}) });
}

export function saveWallet(request: SaveWalletRequest): Promise<Wallet> {
  return apiRequest('/funding-wallet', { method: 'PUT', body: request, schema: walletSchema });
}

export function fetchClientWallets(signal?: AbortSignal): Promise<ClientWalletList> {
  return apiRequest('/support-coordinator/wallets', { schema: clientWalletListSchema, ...(signal ? { signal } : {}) });
}
