import {
  messageResponseSchema,
  signInResponseSchema,
  signUpResponseSchema,
  type MessageResponse,
  type SignInResponse,
  type SignUpResponse,
} from '@tendly/domain/api/auth';
import type {
  CoordinatorSignupInput,
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordInput,
  WorkerSignupInput,
} from '@tendly/domain/validation/account';
import { apiRequest } from '../../platform/api-client';

/** The accounts calls of spec section 7 and issue 3, each parsed with its domain schema. */

export function signIn(credentials: LoginInput): Promise<SignInResponse> {
  return apiRequest('/signin', { method: 'POST', body: credentials, schema: signInResponseSchema });
}

export function verifyEmail(email: string, code: string): Promise<MessageResponse> {
  return apiRequest(`/auth/verify/${encodeURIComponent(email)}/${encodeURIComponent(code)}`, {
    method: 'POST',
    schema: messageResponseSchema,
  });
}

export function resendVerificationCode(email: string): Promise<MessageResponse> {
  return apiRequest(`/auth/resetEmailVerification/${encodeURIComponent(email)}`, {
    method: 'POST',
    schema: messageResponseSchema,
  });
}

export function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageResponse> {
  return apiRequest('/auth/forgot', { method: 'POST', body: input, schema: messageResponseSchema });
}

export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return apiRequest('/auth/reset', { method: 'POST', body: input, schema: messageResponseSchema });
}

export function signUp(input: WorkerSignupInput | CoordinatorSignupInput): Promise<SignUpResponse> {
  return apiRequest('/signup', { method: 'POST', body: input, schema: signUpResponseSchema });
}
