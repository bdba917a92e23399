import { describe, expect, it } from 'vitest';
import { referenceAnswerRows, referenceQuestions } from './worker-onboarding';

describe('a referee’s answers as they saw the form', () => {
  it('gives each question’s words and the label of the answer chosen, never the stored codes', () => {
    const rows = referenceAnswerRows('Maya', { knownFor: '1_TO_3_YEARS', capacity: 'I was her team leader.', reliability: 5, wouldRecommend: false, comments: '' });
    expect(rows.map((row) => [row.question, row.answer])).toEqual([
      ['How long have you known Maya?', '1 to 3 years'],
      ['In what capacity do you know Maya?', 'I was her team leader.'],
      ['How reliable is Maya, from 1 (not at all) to 5 (completely)?', '5'],
      ['Would you recommend Maya as a support worker?', 'No'],
      ['Anything else you would like to tell us (optional)', 'No answer'],
    ]);
    expect(rows.map((row) => row.question)).toEqual(referenceQuestions('Maya').map((question) => question.label));
  });

  it('keeps anything stored that the form no longer asks, under its own name', () => {
    const rows = referenceAnswerRows('Maya', { knownFor: 'OVER_5_YEARS', wouldRecommend: true, extra: 'kept' });
    expect(rows.find((row) => row.field === 'knownFor')?.answer).toBe('More than 5 years');
    expect(rows.find((row) => row.field === 'wouldRecommend')?.answer).toBe('Yes');
    expect(rows.at(-1)).toEqual({ field: 'extra', question: 'extra', answer: 'kept' });
  });
});
