import { describe, expect, it } from 'vitest';
import type { InterpretResponse } from '@tendly/domain/api/search';
import { ALL_SET_TEXT, assistantReply, FILTERS_SET_TEXT, NO_MATCH_LEAD, NO_WORKERS_YET_TEXT, NOT_UNDERSTOOD_TEXT, NOTHING_TO_RELAX_TEXT, notUsedLine } from './assistant-reply';
import { interpretAnswer } from './test-search-api';

const question = { topic: 'when' as const, text: 'Which days and times suit best?' };
const greekInParramatta: InterpretResponse['filters'] = { location: 'Parramatta NSW', locationType: 'KM_25', carerLanguage: ['el'], careFor: 'Extended Family' };
const understood = [
  { filter: 'careFor', label: 'For a relative' },
  { filter: 'carerLanguage', label: 'Speaks Greek' },
];

/** Every sentence the assistant would show for an answer, as one text. */
const shown = (reply: ReturnType<typeof assistantReply>) => [...reply.understood, reply.notUsed, reply.note, reply.text].filter(Boolean).join(' ');

describe('the words the assistant could not use (issue 31)', () => {
  it('names them in plain words, one or several', () => {
    expect(notUsedLine(['meals'])).toBe('I could not use: “meals”. There is no filter for that, so mention it when you message a worker.');
    expect(notUsedLine(['meals', 'a patient', 'footy'])).toBe(
      'I could not use: “meals”, “a patient” and “footy”. There is no filter for those, so mention them when you message a worker.',
    );
    expect(notUsedLine([])).toBeNull();
  });

  it('says them beside what it understood, and alone when it understood nothing', () => {
    const some = assistantReply(interpretAnswer({ filters: greekInParramatta, understood, notUsed: ['meals'], nextQuestion: question }), null);
    expect(some).toEqual({ understood: ['For a relative', 'Speaks Greek'], notUsed: notUsedLine(['meals']), note: null, text: question.text });

    // "I could not turn that into a filter" would only repeat it.
    const none = assistantReply(interpretAnswer({ notUsed: ['meals'], nextQuestion: question }), null);
    expect(none.notUsed).toBe(notUsedLine(['meals']));
    expect(none.text).toBe(question.text);

    const nothing = assistantReply(interpretAnswer({ nextQuestion: question }), null);
    expect(nothing).toEqual({ understood: [], notUsed: null, note: null, text: `${NOT_UNDERSTOOD_TEXT} ${question.text}` });
  });
});

describe('one message for the results, never two that disagree (issue 31)', () => {
  it('with no match says so once, with what to take away, and never that workers match', () => {
    const answer = interpretAnswer({
      filters: greekInParramatta,
      understood,
      nextQuestion: null,
      results: {
        count: 0,
        relax: [
          { filter: 'locationType', label: 'Within 50 km of Parramatta NSW' },
          { filter: 'carerLanguage', label: 'Speaks Greek' },
        ],
      },
    });
    const reply = assistantReply(answer, null);
    expect(reply.text).toBe(
      `${NO_MATCH_LEAD} To find some, you could search within 50 km of Parramatta NSW or take away “Speaks Greek”. The buttons under Your matches do it in one press.`,
    );
    expect(shown(reply)).not.toContain('Here are the workers');
  });

  it('with no match, does not ask its next question even if one came', () => {
    const reply = assistantReply(interpretAnswer({ filters: greekInParramatta, understood, nextQuestion: question, results: { count: 0, relax: [] } }), null);
    expect(reply.text).toBe(`${NO_MATCH_LEAD} ${NOTHING_TO_RELAX_TEXT}`);
    expect(shown(reply)).not.toContain(question.text);
  });

  it('with no filter and no workers at all, says there are none yet rather than what to take away', () => {
    const reply = assistantReply(interpretAnswer({ filters: { careFor: 'Me' }, understood: [{ filter: 'careFor', label: 'For you' }], results: { count: 0, relax: [] } }), null);
    expect(reply.text).toBe(NO_WORKERS_YET_TEXT);
  });

  it('with workers, says they are here, or asks on; and claims nothing when they could not be counted', () => {
    const found = { count: 3, relax: [] };
    expect(assistantReply(interpretAnswer({ filters: greekInParramatta, understood, results: found }), null).text).toBe(ALL_SET_TEXT);
    expect(assistantReply(interpretAnswer({ filters: greekInParramatta, understood, results: found, nextQuestion: question }), null).text).toBe(question.text);
    const uncounted = assistantReply(interpretAnswer({ filters: greekInParramatta, understood, results: null }), null);
    expect(uncounted.text).toBe(FILTERS_SET_TEXT);
    expect(shown(uncounted)).not.toMatch(/No workers|Here are the workers/);
  });

  it('starts a reply that understood nothing with the quick reply or the skip', () => {
    expect(assistantReply(interpretAnswer({ nextQuestion: question }), 'No problem.').text).toBe(`No problem. ${question.text}`);
    expect(assistantReply(interpretAnswer({ filters: greekInParramatta, results: { count: 0, relax: [] } }), 'No problem.').text).toBe(
      `No problem. ${NO_MATCH_LEAD} ${NOTHING_TO_RELAX_TEXT}`,
    );
  });
});
