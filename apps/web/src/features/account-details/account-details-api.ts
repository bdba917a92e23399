import { accountDetailsResponseSchema, type AccountDetailsResponse } from '@tendly/domain/api/account-details';
import {
  emailOptOutResponseSchema,
  notificationPreferencesSchema,
  type EmailOptOutRequest,
  type NotificationPreferences,
} from '@tendly/domain/api/notification-preferences';
import { messageResponseSchema, type MessageResponse } from '@tendly/domain/api/auth';
import type {
  AccountProfileInput,
  ChangePasswordInput,
  ConfirmEmailChangeInput,
  RequestEmailChangeInput,
} from '@tendly/domain/validation/account-details';
import { apiDownload, apiRequest } from '../../platform/api-client';

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

export const notificationPreferencesQueryKey = ['account', 'notification-preferences'] as const;

export function fetchNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest('/account-details/notification-preferences', { schema: notificationPreferencesSchema, ...(signal ? { signal } : {}) });
}

export function saveNotificationPreferences(input: NotificationPreferences): Promise<NotificationPreferences> {
  return apiRequest('/account-details/notification-preferences', { method: 'PUT', body: input, schema: notificationPreferencesSchema });
}

/** POST /api/unsubscribe: the signed link from an email's footer stops that topic's emails; no sign-in needed. */
export function optOutByEmailLink(input: EmailOptOutRequest): Promise<{ message: string }> {
  return apiRequest('/unsubscribe', { method: 'POST', body: input, schema: emailOptOutResponseSchema });
}

export function requestDataExport(): Promise<MessageResponse> {
  return apiRequest('/account-details/export', { method: 'POST', schema: messageResponseSchema });
}

/** GET /api/account-details/export/{id}: the file, saved with the session (only its owner may have it). */
export function downloadDataExport(exportId: string): Promise<string> {
  return apiDownload(`/account-details/export/${encodeURIComponent(exportId)}`, { fallbackFileName: 'my-data.json' });
}

export function closeAccount(input: { currentPassword: string }): Promise<MessageResponse> {
  return apiRequest('/account-details/close', { method: 'POST', body: input, schema: messageResponseSchema });
}
