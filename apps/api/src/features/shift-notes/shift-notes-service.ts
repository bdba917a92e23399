import type { z } from 'zod';
import { fullName } from '@tendly/domain/format';
import { SHIFT_NOTES_RANGE_MAX_DAYS, type ShiftNote, type shiftNoteListQuerySchema, type shiftNotesDownloadQuerySchema } from '@tendly/domain/api/timesheets';
import { dateOfDayNumber, dayNumberOf } from '@tendly/domain/pricing/local-clock';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { renderShiftNotesCsv, renderShiftNotesPdf } from '../../platform/billing/shift-notes-file';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { listNotesPage, notesOfDates } from './shift-notes-repository';
import { sideOf } from '../../platform/bookings/side-of';

/**
 * Shift notes (issue 14; spec sections 2.6 and 4; workflows.md: "written by the worker per shift,
 * readable by the CS, downloadable as PDF"): the worker reads every note they wrote; the care
 * seeker (or a coordinator acting for them) those of hours submitted to them.
 */

export const SHIFT_NOTES_RANGE_TOO_LONG = `Choose a range of at most ${SHIFT_NOTES_RANGE_MAX_DAYS} days.`;
/** The most notes one download holds: a year of shifts several times a day. */
export const SHIFT_NOTES_DOWNLOAD_MAX = 5_000;

type ListQuery = z.output<typeof shiftNoteListQuerySchema>;
type DownloadQuery = z.output<typeof shiftNotesDownloadQuerySchema>;

/** GET /api/shift-notes: newest first, paged by `before` (the last note's createdAt). */
export async function listShiftNotes(db: Db, auth: RequestAuth, query: ListQuery): Promise<{ shiftNotes: ShiftNote[]; allLoaded: boolean }> {
  const { notes, allLoaded } = await listNotesPage(db, sideOf(auth), { before: query.before ? new Date(query.before) : undefined, limit: query.limit });
  return { shiftNotes: notes, allLoaded };
}

export interface ShiftNotesFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /api/shift-notes/download: the notes of shifts that started from `from` to `to` (local dates), as PDF or CSV. */
export async function downloadShiftNotes(db: Db, auth: RequestAuth, query: DownloadQuery, brandName: string, now = new Date()): Promise<ShiftNotesFile> {
  const days = dayNumberOf(query.to) - dayNumberOf(query.from) + 1;
  if (days > SHIFT_NOTES_RANGE_MAX_DAYS) throw badRequest(SHIFT_NOTES_RANGE_TOO_LONG, { to: SHIFT_NOTES_RANGE_TOO_LONG });
  // Every Australian zone is within a day of UTC: a day either side bounds the scan by instants.
  const around = { notBefore: new Date(Date.parse(`${query.from}T00:00:00Z`) - DAY_MS), before: new Date(Date.parse(`${dateOfDayNumber(dayNumberOf(query.to) + 1)}T00:00:00Z`) + DAY_MS) };
  const notes = await notesOfDates(db, sideOf(auth), query.from, query.to, around, SHIFT_NOTES_DOWNLOAD_MAX);
  const baseName = `shift-notes-${query.from}-to-${query.to}`;
  if (query.format === 'csv') return { bytes: Buffer.from(renderShiftNotesCsv(notes), 'utf8'), contentType: 'text/csv; charset=utf-8', fileName: `${baseName}.csv` };
  const preparedFor = fullName(auth.user);
  const bytes = await renderShiftNotesPdf(notes, { brandName, from: query.from, to: query.to, preparedFor, generatedAt: now });
  return { bytes, contentType: 'application/pdf', fileName: `${baseName}.pdf` };
}
