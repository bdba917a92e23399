import { describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { shiftNoteListSchema, timesheetSchema } from '@tendly/domain/api/timesheets';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, sessionFor } from '../auth/test-factories';
import { hoursPair, hoursRequest, recordHours } from '../timesheets/test-timesheets';
import { SHIFT_NOTES_RANGE_TOO_LONG } from './shift-notes-service';

const { call, db } = useTestApp();

async function notes(token: string, query = '') {
  const response = await call('GET', `/api/shift-notes${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return shiftNoteListSchema.parse(response.json());
}

/** A pair with three days of hours and notes: two submitted, the last a draft. */
async function pairWithNotes() {
  const pair = await hoursPair(db());
  const days = ['2026-11-02', '2026-11-03', '2026-11-04'];
  const ids: string[] = [];
  for (const [index, day] of days.entries()) {
    const hours = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { start: `${day}T09:00`, end: `${day}T11:00`, shiftNote: `Walked to the park on ${day}.`, submit: index < 2 }));
    ids.push(hours.id);
  }
  return { pair, ids };
}

describe('GET /api/shift-notes', () => {
  it('asks a visitor to sign in and refuses other roles', async () => {
    for (const url of ['/api/shift-notes', '/api/shift-notes/download?from=2026-11-01&to=2026-11-30']) {
      const anonymous = await call('GET', url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: PLEASE_LOGIN });
      for (const token of [await sessionFor(db(), (await createCoordinator(db())).id), await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id)]) {
        const refused = await call('GET', url, { token });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ message: NOT_AUTHORIZED });
      }
    }
  });

  it('shows the worker every note they wrote and the care seeker those of submitted hours, newest first, paged', async () => {
    const { pair, ids } = await pairWithNotes();
    const mine = await notes(pair.workerToken);
    expect(mine.shiftNotes.map((note) => note.timesheetId)).toEqual([...ids].reverse());
    expect(mine.shiftNotes[0]).toMatchObject({ body: 'Walked to the park on 2026-11-04.', startLocal: '2026-11-04T09:00', endLocal: '2026-11-04T11:00', state: 'NSW', clientName: 'Margaret Smith' });

    const theirs = await notes(pair.careSeekerToken);
    expect(theirs.shiftNotes.map((note) => note.timesheetId)).toEqual([ids[1], ids[0]]);

    const first = await notes(pair.careSeekerToken, '?limit=1');
    expect(first.allLoaded).toBe(false);
    const second = await notes(pair.careSeekerToken, `?limit=1&before=${encodeURIComponent(first.shiftNotes[0]!.createdAt)}`);
    expect(second.shiftNotes.map((note) => note.timesheetId)).toEqual([ids[0]]);
    expect(second.allLoaded).toBe(true);
  });

  it('shows a stranger nothing of someone else’s notes', async () => {
    const { pair } = await pairWithNotes();
    const stranger = await hoursPair(db());
    expect((await notes(stranger.workerToken)).shiftNotes).toEqual([]);
    expect((await notes(stranger.careSeekerToken)).shiftNotes).toEqual([]);
    const download = await call('GET', '/api/shift-notes/download?from=2026-11-01&to=2026-11-30&format=csv', { token: stranger.careSeekerToken });
    expect(download.body).not.toContain('Walked to the park');
    // Their own view is unaffected.
    expect((await notes(pair.workerToken)).shiftNotes).toHaveLength(3);
  });

  it('shows the care seeker the note once the hours are submitted, not before', async () => {
    const pair = await hoursPair(db());
    const draft = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { shiftNote: 'Private until sent' }));
    expect((await notes(pair.careSeekerToken)).shiftNotes).toEqual([]);
    const sent = await call('POST', '/api/timesheets/submit', { token: pair.workerToken, payload: { ids: [draft.id] } });
    expect(sent.statusCode).toBe(200);
    expect((await notes(pair.careSeekerToken)).shiftNotes.map((note) => note.body)).toEqual(['Private until sent']);
    expect(timesheetSchema.parse((await call('GET', `/api/timesheets/${draft.id}`, { token: pair.careSeekerToken })).json()).shiftNote).toBe('Private until sent');
  });
});

describe('GET /api/shift-notes/download', () => {
  it('gives a date range as a PDF or CSV attachment, with only the notes the person may read', async () => {
    const { pair } = await pairWithNotes();
    const pdf = await call('GET', '/api/shift-notes/download?from=2026-11-03&to=2026-11-30&format=pdf', { token: pair.careSeekerToken });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="shift-notes-2026-11-03-to-2026-11-30.pdf"');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Walked to the park on 2026-11-03.');
    expect(text).not.toContain('Walked to the park on 2026-11-02.');
    expect(text).not.toContain('Walked to the park on 2026-11-04.');

    const csv = await call('GET', '/api/shift-notes/download?from=2026-11-01&to=2026-11-30&format=csv', { token: pair.workerToken });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('.csv');
    for (const day of ['2026-11-02', '2026-11-03', '2026-11-04']) expect(csv.body).toContain(`Walked to the park on ${day}.`);
  });

  it('refuses a range over 366 days, backwards, or badly written (400)', async () => {
    const pair = await hoursPair(db());
    const tooLong = await call('GET', '/api/shift-notes/download?from=2025-01-01&to=2026-01-02', { token: pair.workerToken });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: SHIFT_NOTES_RANGE_TOO_LONG });
    expect((await call('GET', '/api/shift-notes/download?from=2025-01-01&to=2026-01-01', { token: pair.workerToken })).statusCode).toBe(200);
    for (const query of ['from=2026-11-30&to=2026-11-01', 'from=2026-11-31&to=2026-12-01', 'from=2026-11-01&to=2026-11-02&format=doc', 'from=%00&to=2026-11-02']) {
      expect((await call('GET', `/api/shift-notes/download?${query}`, { token: pair.workerToken })).statusCode, query).toBe(400);
    }
  });
});
