import { messageResponseSchema, type MessageResponse } from '@tendly/domain/api/auth';
import type { ForgotPasswordInput, ResetPasswordInput } from '@tendly/domain/validation/account';
import { apiRequest } from '../../platform/api-client';

/**
 * The password reset calls (issue 3), each parsed with its domain schema. Signing in, signing up
 * and verification are in platform/account-api.ts: the post-a-job wizard makes them too.
 */

export function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageResponse> {
  return apiRequest('/auth/forgot', { method: 'POST', body: input, schema: messageResponseSchema });
}

export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return apiRequest('/auth/reset', { method: 'POST', body: input, schema: messageResponseSchema });
}
