import { shiftNoteListSchema } from '@tendly/domain/api/timesheets';
import { apiDownload, apiRequest } from '../../platform/api-client';

/** Shift notes (issue 14; spec section 4: newest first), written with a worker's hours. */
export const SHIFT_NOTES_PAGE_SIZE = 25;

/** Under 'timesheets': notes are written with hours, so saving hours refreshes them too. */
export const shiftNoteQueryKeys = { list: ['timesheets', 'shift-notes'] as const };

/** A page of notes, newest first; `before` is the last one's creation time. */
export function fetchShiftNotePage(before: string | undefined, signal?: AbortSignal) {
  return apiRequest('/shift-notes', { query: { before, limit: SHIFT_NOTES_PAGE_SIZE }, schema: shiftNoteListSchema, ...(signal ? { signal } : {}) });
}

/** GET /api/shift-notes/download: the notes of a date range as a PDF or a CSV file, saved with the session; returns the file name. */
export function downloadShiftNotes(range: { from: string; to: string; format: 'pdf' | 'csv' }): Promise<string> {
  return apiDownload('/shift-notes/download', { query: range, fallbackFileName: `shift-notes-${range.from}-to-${range.to}.${range.format}` });
}
