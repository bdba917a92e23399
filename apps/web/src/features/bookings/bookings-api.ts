import {
  calendarFeedResponseSchema,
  calendarResponseSchema,
  createBookingResponseSchema,
  seriesMoveResponseSchema,
  shiftDetailSchema,
  shiftListSchema,
  shiftSchema,
  type BookingResponseStatus,
  type CreateBookingRequest,
  type SeriesMoveResponse,
  type Shift,
  type ShiftDetail,
} from '@tendly/domain/api/bookings';
import { contractListSchema, type Contract } from '@tendly/domain/api/contracts';
import { contractEstimateResponseSchema } from '@tendly/domain/api/invoices';
import type { z } from 'zod';
import { apiRequest } from '../../platform/api-client';

/** The bookings API (issue 13) as the screens call it. */

export const BOOKINGS_PAGE_SIZE = 25;

export const bookingQueryKeys = {
  all: ['bookings'] as const,
  list: (status: BookingResponseStatus) => ['bookings', 'list', status] as const,
  /** Under `all`, so every move on a shift or a series fetches the shift's page again. */
  shift: (shiftId: string) => ['bookings', 'shift', shiftId] as const,
  calendar: (from: string, to: string) => ['bookings', 'calendar', from, to] as const,
  feed: ['bookings', 'feed'] as const,
  activeContracts: ['contracts', 'ACTIVE'] as const,
  estimate: (contractId: string, start: string, end: string) => ['pricing', 'contract-estimate', contractId, start, end] as const,
};

export function fetchShiftPage(status: BookingResponseStatus, start: number, signal?: AbortSignal) {
  return apiRequest('/my/bookings', { query: { status, start, limit: BOOKINGS_PAGE_SIZE }, schema: shiftListSchema, signal });
}

/** GET /api/shifts/{id}: one shift with its series (issue 31 item 8). */
export function fetchShift(shiftId: string, signal?: AbortSignal): Promise<ShiftDetail> {
  return apiRequest(`/shifts/${encodeURIComponent(shiftId)}`, { schema: shiftDetailSchema, signal });
}

export function createBooking(request: CreateBookingRequest) {
  return apiRequest('/bookings', { method: 'POST', body: request, schema: createBookingResponseSchema });
}

export function confirmShift(shiftId: string): Promise<Shift> {
  return apiRequest(`/shifts/${encodeURIComponent(shiftId)}/confirm`, { method: 'POST', schema: shiftSchema });
}

export function cancelShift(shiftId: string, body: { reason: string; reasonCode: string | null; noShow: boolean }): Promise<Shift> {
  return apiRequest(`/shifts/${encodeURIComponent(shiftId)}/cancel`, { method: 'POST', body, schema: shiftSchema });
}

export function changeShiftTime(shiftId: string, body: { start: string; end: string }): Promise<Shift> {
  return apiRequest(`/shifts/${encodeURIComponent(shiftId)}`, { method: 'PATCH', body, schema: shiftSchema });
}

export function fetchCalendar(from: string, to: string, signal?: AbortSignal): Promise<Shift[]> {
  return apiRequest('/my/calendar', { query: { from, to }, schema: calendarResponseSchema, signal }).then((answer) => answer.shifts);
}

export function fetchCalendarFeed(signal?: AbortSignal): Promise<string> {
  return apiRequest('/my/calendar-feed', { schema: calendarFeedResponseSchema, signal }).then((answer) => answer.url);
}

export function resetCalendarFeed(): Promise<string> {
  return apiRequest('/my/calendar-feed/reset', { method: 'POST', schema: calendarFeedResponseSchema }).then((answer) => answer.url);
}

/** The care seeker's ACTIVE service agreements, to book under (GET /api/contracts?status=ACTIVE). */
export function fetchActiveContracts(signal?: AbortSignal): Promise<Contract[]> {
  return apiRequest('/contracts', { query: { status: 'ACTIVE' }, schema: contractListSchema, signal }).then((answer) =>
    answer.contracts.filter((contract) => contract.status === 'ACTIVE'),
  );
}


export type ContractEstimate = z.infer<typeof contractEstimateResponseSchema>;

/** POST /api/pricing/contract-estimate: what one shift would cost at the agreement's rates (issue 14). */
export function fetchContractEstimate(request: { contractId: string; start: string; end: string }, signal?: AbortSignal): Promise<ContractEstimate> {
  return apiRequest('/pricing/contract-estimate', { method: 'POST', body: request, schema: contractEstimateResponseSchema, signal });
}

/** Issue 31 item 3: moves on a whole series (the shifts one booking made). */
export function confirmSeries(bookingId: string): Promise<SeriesMoveResponse> {
  return apiRequest(`/bookings/${encodeURIComponent(bookingId)}/confirm`, { method: 'POST', schema: seriesMoveResponseSchema });
}

export function cancelSeries(bookingId: string, body: { reason: string; reasonCode: string | null }): Promise<SeriesMoveResponse> {
  return apiRequest(`/bookings/${encodeURIComponent(bookingId)}/cancel`, { method: 'POST', body, schema: seriesMoveResponseSchema });
}

export function changeSeriesTimes(bookingId: string, body: { startTime: string; endTime: string }): Promise<SeriesMoveResponse> {
  return apiRequest(`/bookings/${encodeURIComponent(bookingId)}`, { method: 'PATCH', body, schema: seriesMoveResponseSchema });
}
