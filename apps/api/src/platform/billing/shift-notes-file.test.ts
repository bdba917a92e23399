import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { ShiftNote } from '@tendly/domain/api/timesheets';
import { expectAccessiblePdf, namesInManyScripts, readPdf } from '../../test-support/pdf-reading';
import { csvField, renderShiftNotesCsv, renderShiftNotesPdf, SHIFT_NOTES_CSV_HEADER } from './shift-notes-file';

const person = (firstName: string, lastName: string) => ({ id: '11111111-1111-4111-8111-111111111111', firstName, lastName });

function note(overrides: Partial<ShiftNote> = {}): ShiftNote {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    timesheetId: null,
    shiftId: null,
    worker: person('Wren', 'Walker'),
    careSeeker: person('Helen', 'Nguyen'),
    clientName: 'Helen Nguyen',
    startLocal: '2026-11-03T09:00',
    endLocal: '2026-11-03T12:30',
    state: 'NSW',
    body: 'Walked to the park. Lunch eaten.',
    createdAt: '2026-11-03T02:00:00.000Z',
    ...overrides,
  };
}

describe('renderShiftNotesCsv', () => {
  it('writes a header and one quoted row per note, with CRLF line ends and a byte order mark', () => {
    const csv = renderShiftNotesCsv([note(), note({ startLocal: '2026-11-04T22:00', endLocal: '2026-11-05T06:00', body: 'Slept well, "no" issues,\nup once.' })]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(SHIFT_NOTES_CSV_HEADER.map((title) => `"${title}"`).join(','));
    expect(lines[1]).toBe('"2026-11-03","09:00","12:30","2026-11-03","NSW","Helen Nguyen","Wren Walker","Helen Nguyen","Walked to the park. Lunch eaten.","2026-11-03T02:00:00.000Z"');
    // The quote is doubled and the line break stays inside the quoted cell.
    expect(csv).toContain('"Slept well, ""no"" issues,\nup once."');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('shows a cell that a spreadsheet would run as a formula as text', () => {
    for (const formula of ['=HYPERLINK("http://evil.example","x")', '+61 400', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvField(formula).startsWith(`"'`)).toBe(true);
    }
    expect(csvField('A normal note')).toBe('"A normal note"');
    const csv = renderShiftNotesCsv([note({ body: '=cmd|" /C calc"!A0', clientName: '@Helen' })]);
    expect(csv).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(csv).toContain(`"'@Helen"`);
  });
});

describe('renderShiftNotesPdf', () => {
  it('lists each note with its shift’s local times, the client and the worker', async () => {
    const pdf = await renderShiftNotesPdf([note(), note({ startLocal: '2026-11-04T22:00', endLocal: '2026-11-05T06:00', body: 'Slept well.' })], {
      brandName: 'Tendly',
      from: '2026-11-01',
      to: '2026-11-30',
      preparedFor: 'Helen Nguyen',
      generatedAt: new Date('2026-12-01T00:00:00Z'),
    });
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text).toContain('Shift notes');
    expect(text).toContain('1 November 2026 to 30 November 2026, for Helen Nguyen');
    expect(text).toContain('Tue 3 Nov 2026, 9:00 am to 12:30 pm');
    expect(text).toContain('Wed 4 Nov 2026, 10:00 pm to Thu 5 Nov 2026, 6:00 am');
    expect(text).toContain('Walked to the park. Lunch eaten.');
    expect(text).toContain('Worker: Wren Walker');
  });

  it('prints names and notes in Chinese, Vietnamese and Arabic as typed, tagged for screen readers', async () => {
    const { chinese, vietnamese, arabic } = namesInManyScripts;
    const pdf = await renderShiftNotesPdf(
      [note({ clientName: chinese.fullName, worker: person(arabic.firstName, arabic.lastName), body: `${vietnamese.fullName} đã ăn phở. 海伦喜欢散步。` })],
      { brandName: 'Tendly', from: '2026-11-01', to: '2026-11-30', preparedFor: chinese.fullName, generatedAt: new Date('2026-12-01T00:00:00Z') },
    );
    const reading = await readPdf(pdf);
    expectAccessiblePdf(reading, 'Shift notes');
    expect(reading.text).toContain(`for ${chinese.fullName}`);
    expect(reading.text).toContain(`Client: ${chinese.fullName}.`);
    expect(reading.text).toContain(`${vietnamese.fullName} đã ăn phở. 海伦喜欢散步。`);
    // Arabic is drawn right to left; its text as typed is what a screen reader reads.
    expect(reading.actualTexts).toContain(arabic.fullName);
    expect(reading.roles).toContain('H2');
  });

  it('says so when there are no notes', async () => {
    const pdf = await renderShiftNotesPdf([], { brandName: 'Tendly', from: '2026-11-01', to: '2026-11-30', preparedFor: 'Wren Walker', generatedAt: new Date() });
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text).toContain('No shift notes were written for shifts in these dates.');
  });
});
