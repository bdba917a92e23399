import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { ShiftNote } from '@tendly/domain/api/timesheets';
import { instantToLocal } from '@tendly/domain/shift-time';
import type { DbExecutor } from '../../platform/db/client';
import { careSeekers, workers } from '../../platform/db/engagement-parties';
import { shiftNotes } from '../../platform/db/schema/billing';
import { contracts } from '../../platform/db/schema/engagements';

/** Reading shift notes with their people and client, as the API's ShiftNote. */

function selectNotes(db: DbExecutor) {
  return db
    .select({
      note: shiftNotes,
      clientName: contracts.clientName,
      careSeeker: { id: careSeekers.id, firstName: careSeekers.firstName, lastName: careSeekers.lastName },
      worker: { id: workers.id, firstName: workers.firstName, lastName: workers.lastName },
    })
    .from(shiftNotes)
    .innerJoin(contracts, eq(contracts.id, shiftNotes.contractId))
    .innerJoin(careSeekers, eq(careSeekers.id, shiftNotes.careSeekerId))
    .innerJoin(workers, eq(workers.id, shiftNotes.workerId));
}

type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['execute']>>[number];

export function toShiftNote(row: NoteRow): ShiftNote {
  const { note } = row;
  return {
    id: note.id,
    timesheetId: note.timesheetId,
    shiftId: note.shiftId,
    worker: row.worker,
    careSeeker: row.careSeeker,
    clientName: row.clientName,
    startLocal: instantToLocal(note.startsAt, note.timeZone),
    endLocal: instantToLocal(note.endsAt, note.timeZone),
    state: note.state,
    body: note.body,
    createdAt: note.createdAt.toISOString(),
  };
}

/** Which notes a side reads: the worker their own; the care seeker those shared with them (submitted hours). */
export type NoteReader = { role: 'CR' | 'CS'; userId: string };

export function readerFilter(reader: NoteReader): SQL {
  return reader.role === 'CR' ? eq(shiftNotes.workerId, reader.userId) : and(eq(shiftNotes.careSeekerId, reader.userId), isNotNull(shiftNotes.sharedAt))!;
}

/** One page, newest first (spec section 4: a new note is added at the front), before the cursor. */
export async function listNotesPage(db: DbExecutor, reader: NoteReader, page: { before?: Date | undefined; limit: number }): Promise<{ notes: ShiftNote[]; allLoaded: boolean }> {
  const rows = await selectNotes(db)
    .where(and(readerFilter(reader), page.before ? lt(shiftNotes.createdAt, page.before) : undefined))
    .orderBy(desc(shiftNotes.createdAt), desc(shiftNotes.id))
    .limit(page.limit + 1);
  return { notes: rows.slice(0, page.limit).map(toShiftNote), allLoaded: rows.length <= page.limit };
}

/**
 * The notes of shifts that started on the local dates from `from` to `to` (each in its own
 * state's zone), the latest shift first as the list shows them. `around` bounds the scan by instants first: no
 * Australian date is more than 14 hours from UTC's.
 */
export async function notesOfDates(db: DbExecutor, reader: NoteReader, from: string, to: string, around: { notBefore: Date; before: Date }, limit: number): Promise<ShiftNote[]> {
  const localDate = sql`(${shiftNotes.startsAt} at time zone ${shiftNotes.timeZone})::date`;
  const rows = await selectNotes(db)
    .where(
      and(
        readerFilter(reader),
        gte(shiftNotes.startsAt, around.notBefore),
        lt(shiftNotes.startsAt, around.before),
        sql`${localDate} between ${from}::date and ${to}::date`,
      ),
    )
    .orderBy(desc(shiftNotes.startsAt), desc(shiftNotes.id))
    .limit(limit);
  return rows.map(toShiftNote);
}
