import { describe, expect, it } from 'vitest';
import { JOB_DRAFT_STORAGE_KEY } from '../../platform/stored-drafts';
import { hasProgress, newDraftId, readJobDraft, readJobDraftFor, saveJobDraft } from './job-draft-storage';
import { defaultJobFormValues } from './job-form-values';
import { completeJobFormValues, TEST_DRAFT_ID } from './test-job-draft';

describe('the job draft kept on the device', () => {
  it('reads back what was saved, with its draft id', () => {
    const values = completeJobFormValues();
    saveJobDraft({ draftId: TEST_DRAFT_ID, ownerId: null, values });
    expect(readJobDraft()).toEqual({ draftId: TEST_DRAFT_ID, ownerId: null, values });
  });

  it('gives a visitor’s draft to whoever signs in, but never one person’s draft to another', () => {
    const values = completeJobFormValues();
    saveJobDraft({ draftId: TEST_DRAFT_ID, ownerId: null, values });
    expect(readJobDraftFor('user-1')?.draftId).toBe(TEST_DRAFT_ID);
    saveJobDraft({ draftId: TEST_DRAFT_ID, ownerId: 'user-1', values });
    expect(readJobDraftFor('user-1')?.draftId).toBe(TEST_DRAFT_ID);
    expect(readJobDraftFor('user-2')).toBeNull();
    expect(readJobDraftFor(null)).toBeNull();
  });

  it('keeps the rest of a draft when some values no longer fit, and fills fields it lacks', () => {
    const { title: _dropped, ...withoutTitle } = completeJobFormValues();
    window.localStorage.setItem(
      JOB_DRAFT_STORAGE_KEY,
      JSON.stringify({
        draftId: TEST_DRAFT_ID,
        values: { ...withoutTitle, supportCategory: 'GARDENING', tasks: ['COOK', 'JUGGLING'], locationType: 'KM_7', isGoalVisible: 'yes' },
      }),
    );
    const draft = readJobDraft();
    expect(draft?.values).toMatchObject({
      supportCategory: '',
      tasks: [],
      locationType: 'ANY',
      isGoalVisible: true,
      title: '',
      location: 'Parramatta NSW',
      supportType: ['AGEDGEN', 'DEMENTIA'],
    });
  });

  it('forgets a draft that cannot be read at all', () => {
    window.localStorage.setItem(JOB_DRAFT_STORAGE_KEY, '{not json');
    expect(readJobDraft()).toBeNull();
    expect(window.localStorage.getItem(JOB_DRAFT_STORAGE_KEY)).toBeNull();
    window.localStorage.setItem(JOB_DRAFT_STORAGE_KEY, JSON.stringify({ draftId: 'not-a-uuid', values: {} }));
    expect(readJobDraft()).toBeNull();
  });

  it('makes a new random UUID for each draft', () => {
    const first = newDraftId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newDraftId()).not.toBe(first);
  });

  it('tells a draft with answers from one left as new', () => {
    expect(hasProgress(defaultJobFormValues())).toBe(false);
    expect(hasProgress({ ...defaultJobFormValues(), location: 'Hobart' })).toBe(true);
  });
});
