import { z } from 'zod';
import {
  conversationListSchema,
  conversationSchema,
  messageAttachmentSchema,
  messagePageSchema,
  messageSchema,
  unreadCountSchema,
  type Conversation,
  type Message,
  type MessageAttachment,
} from '@tendly/domain/api/conversations';
import { ApiError, apiRequest, buildApiUrl, NETWORK_ERROR_MESSAGE, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { currentAuthToken } from './session';

/**
 * The Messages API (issue 13), shared by the Messages screen and the admin inbox, which shows a
 * reported conversation. Messages come newest first, a page at a time (`before` is the oldest
 * message the screen holds).
 */
export const conversationsQueryKey = ['conversations'] as const;
export const conversationQueryKey = (id: string) => ['conversations', id] as const;
export const messagesQueryKey = (id: string) => ['conversations', id, 'messages'] as const;

const path = (id: string, rest = '') => `/conversations/${encodeURIComponent(id)}${rest}`;

export function fetchConversations() {
  return apiRequest('/conversations', { schema: conversationListSchema });
}

export function fetchConversation(id: string) {
  return apiRequest(path(id), { schema: conversationSchema });
}

export function startConversation(withUserId: string) {
  return apiRequest('/conversations', { method: 'POST', body: { withUserId }, schema: conversationSchema });
}

export function fetchMessages(id: string, before?: string) {
  return apiRequest(path(id, '/messages'), { query: { before }, schema: messagePageSchema });
}

export function sendMessage(id: string, text: string, attachmentIds: readonly string[]): Promise<Message> {
  return apiRequest(path(id, '/messages'), { method: 'POST', body: { text, attachmentIds }, schema: messageSchema });
}

export function uploadAttachment(id: string, file: File): Promise<MessageAttachment> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(path(id, '/attachments'), { method: 'POST', body, schema: messageAttachmentSchema });
}

export function markConversationRead(id: string) {
  return apiRequest(path(id, '/read'), { method: 'POST', schema: unreadCountSchema });
}

export function setConversationBlocked(id: string, blocked: boolean): Promise<Conversation> {
  return apiRequest(path(id, '/block'), { method: blocked ? 'POST' : 'DELETE', schema: conversationSchema });
}

const reportAnswerSchema = z.object({ reference: z.string() });

export function reportConversation(id: string, reason: string) {
  return apiRequest(path(id, '/report'), { method: 'POST', body: { reason }, schema: reportAnswerSchema });
}

/** The attachment's address on the API (it needs the auth-token header, so links fetch it by script). */
export function attachmentUrl(conversationId: string, attachmentId: string): string {
  return buildApiUrl(path(conversationId, `/attachments/${encodeURIComponent(attachmentId)}`));
}

/** Fetches an attachment with the session's token and saves it under its name. */
export async function downloadAttachment(conversationId: string, attachment: MessageAttachment): Promise<void> {
  const token = currentAuthToken();
  let response: Response;
  try {
    response = await fetch(attachmentUrl(conversationId, attachment.id), { headers: token ? { 'auth-token': token } : {} });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK');
  }
  if (!response.ok) throw new ApiError(response.status, response.status === 404 ? 'We could not find this file.' : UNEXPECTED_RESPONSE_MESSAGE);
  const address = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = address;
  link.download = attachment.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

/** Puts a message into a conversation's cached pages (newest first), once. */
export function withMessage<T extends { pages: { messages: Message[]; allLoaded: boolean }[] }>(data: T | undefined, message: Message): T | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.messages.some((held) => held.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
}
