import { messageResponseSchema, type MessageResponse } from '@tendly/domain/api/auth';
import { addClientResponseSchema, linkTokenAnswerSchema, type AddClientInput, type AddClientResponse, type LinkRequestInput, type LinkTokenAnswer } from '@tendly/domain/api/coordinator-links';
import { apiRequest } from '../../platform/api-client';

/** POST /api/support-coordinator/link-requests: the same answer whether or not the address has an account. */
export function requestLinking(input: LinkRequestInput): Promise<MessageResponse> {
  return apiRequest('/support-coordinator/link-requests', { method: 'POST', body: input, schema: messageResponseSchema });
}

/** POST /api/coordinator-links/answer: the emailed link, signed in or not. */
export function answerLinkByToken(token: string): Promise<LinkTokenAnswer> {
  return apiRequest('/coordinator-links/answer', { method: 'POST', body: { token }, schema: linkTokenAnswerSchema });
}

/** POST /api/support-coordinator/clients: a client account the coordinator manages. */
export function addClient(input: Readonly<Record<keyof AddClientInput, string>>): Promise<AddClientResponse> {
  return apiRequest('/support-coordinator/clients', { method: 'POST', body: input, schema: addClientResponseSchema });
}

/** POST /api/claim-account: the client sets the password of the account their coordinator made. */
export function claimAccount(token: string, password: string): Promise<MessageResponse> {
  return apiRequest('/claim-account', { method: 'POST', body: { token, password }, schema: messageResponseSchema });
}
