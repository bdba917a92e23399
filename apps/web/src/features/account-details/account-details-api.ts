import { accountDetailsResponseSchema, emailPreferencesSchema, type AccountDetailsResponse, type EmailPreferences } from '@tendly/domain/api/account-details';
import { messageResponseSchema, type MessageResponse } from '@tendly/domain/api/auth';
import type {
  AccountProfileInput,
  ChangePasswordInput,
  ConfirmEmailChangeInput,
  RequestEmailChangeInput,
} from '@tendly/domain/validation/account-details';
import { apiRequest } from '../../platform/api-client';

/** /api/account-details (issue 16): the signed-in person's name, phone, password and email address. */
export const accountDetailsQueryKey = ['account', 'details'] as const;

export function fetchAccountDetails(signal?: AbortSignal): Promise<AccountDetailsResponse> {
  return apiRequest('/account-details', { schema: accountDetailsResponseSchema, ...(signal ? { signal } : {}) });
}

export function saveAccountProfile(input: AccountProfileInput): Promise<AccountDetailsResponse> {
  return apiRequest('/account-details', { method: 'PUT', body: input, schema: accountDetailsResponseSchema });
}

export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return apiRequest('/account-details/password', { method: 'POST', body: input, schema: messageResponseSchema });
}

export function requestEmailChange(input: RequestEmailChangeInput): Promise<MessageResponse> {
  return apiRequest('/account-details/email', { method: 'POST', body: input, schema: messageResponseSchema });
}

export function confirmEmailChange(input: ConfirmEmailChangeInput): Promise<MessageResponse> {
  return apiRequest('/account-details/email/confirm', { method: 'POST', body: input, schema: messageResponseSchema });
}

export const emailPreferencesQueryKey = ['account', 'email-preferences'] as const;

export function fetchEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  return apiRequest('/account-details/email-preferences', { schema: emailPreferencesSchema, ...(signal ? { signal } : {}) });
}

export function saveEmailPreferences(input: EmailPreferences): Promise<EmailPreferences> {
  return apiRequest('/account-details/email-preferences', { method: 'PUT', body: input, schema: emailPreferencesSchema });
}

export function requestDataExport(): Promise<MessageResponse> {
  return apiRequest('/account-details/export', { method: 'POST', schema: messageResponseSchema });
}

export function closeAccount(input: { currentPassword: string }): Promise<MessageResponse> {
  return apiRequest('/account-details/close', { method: 'POST', body: input, schema: messageResponseSchema });
}
