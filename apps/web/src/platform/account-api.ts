import {
  messageResponseSchema,
  signInResponseSchema,
  signUpResponseSchema,
  type MessageResponse,
  type SignInResponse,
  type SignUpResponse,
} from '@tendly/domain/api/auth';
import type { LoginInput, SignupInput } from '@tendly/domain/validation/account';
import { apiRequest } from './api-client';

/**
 * The accounts calls that more than one feature makes (spec section 7): signing in, signing up,
 * and verifying the email address with the emailed code. The login and registration pages use
 * them, and so does the post-a-job wizard, where a visitor creates a care seeker account at the
 * last step. Each answer is parsed with its domain schema.
 */

export function signIn(credentials: LoginInput): Promise<SignInResponse> {
  return apiRequest('/signin', { method: 'POST', body: credentials, schema: signInResponseSchema });
}

export function signUp(input: SignupInput): Promise<SignUpResponse> {
  return apiRequest('/signup', { method: 'POST', body: input, schema: signUpResponseSchema });
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
