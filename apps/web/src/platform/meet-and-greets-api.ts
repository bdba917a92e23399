import { meetAndGreetListSchema, meetAndGreetSchema, type CreateMeetAndGreetRequest, type MeetAndGreet } from '@tendly/domain/api/meet-and-greets';
import { apiRequest } from './api-client';

/** The meet and greets API (issue 31 item 11), shared by the profile, Messages, My bookings and My calendar. */

export const meetAndGreetQueryKeys = { all: ['meet-and-greets'] as const };

export function fetchMyMeetAndGreets(signal?: AbortSignal): Promise<MeetAndGreet[]> {
  return apiRequest('/my/meet-and-greets', { schema: meetAndGreetListSchema, ...(signal ? { signal } : {}) }).then((answer) => answer.meetAndGreets);
}

export function requestMeetAndGreet(body: CreateMeetAndGreetRequest): Promise<MeetAndGreet> {
  return apiRequest('/meet-and-greets', { method: 'POST', body, schema: meetAndGreetSchema });
}

export function answerMeetAndGreet(id: string, action: 'accept' | 'decline' | 'cancel', body: { option: number } | { note: string }): Promise<MeetAndGreet> {
  return apiRequest(`/meet-and-greets/${encodeURIComponent(id)}/${action}`, { method: 'POST', body, schema: meetAndGreetSchema });
}
