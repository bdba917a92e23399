import { fullName } from '@tendly/domain/format';
import type { ShiftNote } from '@tendly/domain/api/timesheets';
import { formatLocalDateTime, formatLocalTime } from '@tendly/domain/shift-time';
import { stateTimeZone } from '@tendly/domain/states';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { ACCENT, MUTED, pdfParagraph, pdfTitle, renderPdf } from '../pdf/pdf-document';

/**
 * The shift notes download (/shift-notes/download, spec section 2.6): the notes of a date range as
 * a PDF to read or print, or as CSV for a spreadsheet. Pure renderers: the route finds the notes
 * the person may see and hands them in, newest first as the list shows them.
 */

export interface ShiftNotesFileMeta {
  readonly brandName: string;
  /** The range asked for, local dates `YYYY-MM-DD`. */
  readonly from: string;
  readonly to: string;
  /** Whose notes these are, as the reader knows them ("Helen Nguyen" or "Wren Walker"). */
  readonly preparedFor: string;
  readonly generatedAt: Date;
}

/** "Tue 3 Nov 2026, 9:00 am to 12:30 pm", or with the end date when the shift ends on another day. */
export function shiftTimesText(note: Pick<ShiftNote, 'startLocal' | 'endLocal'>): string {
  const sameDay = note.startLocal.slice(0, 10) === note.endLocal.slice(0, 10);
  return `${formatLocalDateTime(note.startLocal)} to ${sameDay ? formatLocalTime(note.endLocal) : formatLocalDateTime(note.endLocal)}`;
}

/**
 * The notes as a PDF: a heading with the range, then each note with its shift's times (in the
 * client's state), the client, the worker and the note. A4, tagged, in Noto Sans (renderPdf), so
 * a client's name and a note in any script print as typed.
 */
export function renderShiftNotesPdf(notes: readonly ShiftNote[], meta: ShiftNotesFileMeta): Promise<Buffer> {
  const info = { Title: 'Shift notes', Author: meta.brandName, Subject: `Shift notes ${meta.from} to ${meta.to}`, CreationDate: meta.generatedAt };
  return renderPdf({ info }, (doc) => {
    pdfParagraph(doc, meta.brandName, { size: 11, weight: 'bold', color: ACCENT });
    pdfTitle(doc, 'Shift notes');
    pdfParagraph(doc, `${formatLongDate(meta.from)} to ${formatLongDate(meta.to)}, for ${meta.preparedFor}`, { size: 10, color: MUTED });
    pdfParagraph(doc, `${notes.length} ${notes.length === 1 ? 'note' : 'notes'}`, { size: 10, color: MUTED });

    if (notes.length === 0) {
      doc.moveDown(1);
      pdfParagraph(doc, 'No shift notes were written for shifts in these dates.', { size: 11 });
    }
    for (const note of notes) {
      doc.moveDown(1.2);
      pdfParagraph(doc, shiftTimesText(note), { size: 12, weight: 'bold', color: ACCENT }, 'H2');
      pdfParagraph(doc, `${stateTimeZone(note.state)} time. Client: ${note.clientName}. Worker: ${fullName(note.worker)}.`, { size: 9, color: MUTED });
      doc.moveDown(0.3);
      pdfParagraph(doc, note.body, { size: 10, paragraphGap: 4 });
    }
  });
}

/**
 * A spreadsheet application runs a cell that starts with =, +, - or @ (and, in some, a tab or a
 * carriage return) as a formula: a note written as `=HYPERLINK(...)` would run on the reader's
 * machine (CSV injection, OWASP). Such a cell gets a leading apostrophe, which shows it as text.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** One CSV field (RFC 4180): always quoted, with quotes doubled, so commas and line breaks in a note stay in its cell. */
export function csvField(value: string): string {
  return `"${neutraliseFormula(value).replace(/"/g, '""')}"`;
}

/** Dates `YYYY-MM-DD` and times `HH:mm` on the client's local clock, so the rows sort as text. */
export const SHIFT_NOTES_CSV_HEADER = ['Shift date', 'Start', 'End', 'End date', 'State', 'Client', 'Worker', 'Care seeker', 'Note', 'Written at (UTC)'] as const;

/**
 * The notes as CSV: a header row, then one row per note, CRLF line ends (RFC 4180) and a UTF-8
 * byte order mark so that spreadsheet applications read names with accents correctly. No CSV
 * library is in the lockfile, and what a download needs is the quoting above.
 */
export function renderShiftNotesCsv(notes: readonly ShiftNote[]): string {
  const rows = notes.map((note) => [
    note.startLocal.slice(0, 10),
    note.startLocal.slice(11),
    note.endLocal.slice(11),
    note.endLocal.slice(0, 10),
    note.state,
    note.clientName,
    fullName(note.worker),
    fullName(note.careSeeker),
    note.body,
    note.createdAt,
  ]);
  return `\uFEFF${[[...SHIFT_NOTES_CSV_HEADER], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
