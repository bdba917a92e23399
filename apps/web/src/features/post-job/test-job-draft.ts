import { availabilityWith } from '../../app/test-week-table';
import { testOwnJob } from '../../app/test-jobs';
import { JOB_DRAFT_STORAGE_KEY } from '../../platform/stored-drafts';
import { defaultJobFormValues, type JobFormValues } from './job-form-values';

export const TEST_DRAFT_ID = '6f1c1a52-3c5e-4d0b-9a55-1f6a2b1f0c11';

/** A job filled in as far as every step asks, for tests that start later in the wizard. */
export function completeJobFormValues(overrides: Partial<JobFormValues> = {}): JobFormValues {
  const availability = availabilityWith({ tue: ['morning'], thu: ['morning'] });
  return {
    ...defaultJobFormValues(),
    supportCategory: 'AGED_CARE',
    supportType: ['AGEDGEN', 'DEMENTIA'],
    careFor: 'Immediate Family',
    location: 'Parramatta NSW',
    availability,
    approxHoursPerDay: '3',
    tasks: ['COOK', 'CTS'],
    title: 'Friendly support for Mum on weekday mornings',
    htmlDescription: '<p>Mum is 84 and loves gardening. She needs a hand with cooking and some company.</p>',
    ...overrides,
  };
}

/** Puts a draft where the wizard keeps it, as if it had been started on this device. */
export function storeJobDraft(values: JobFormValues, { draftId = TEST_DRAFT_ID, ownerId = null as string | null } = {}): void {
  window.localStorage.setItem(JOB_DRAFT_STORAGE_KEY, JSON.stringify({ draftId, ownerId, values }));
}

/** A realistic answer of GET/POST/PUT /api/jobs, for the job's owner: the jobs API's test job, posted in Parramatta. */
export function jobAnswer(overrides: Record<string, unknown> = {}) {
  const availability = availabilityWith({ tue: ['morning'], thu: ['morning'] });
  const ownJob = testOwnJob({
    postedAt: '2026-03-02T01:00:00.000Z',
    updatedAt: '2026-03-02T01:00:00.000Z',
    postedBy: 'Alex',
    place: { suburb: 'Parramatta', state: 'NSW', postcode: '2150' },
    careFor: 'Immediate Family',
    location: 'Parramatta NSW',
    availability,
    approxHoursPerWeek: null,
    approxStartDate: null,
    gender: 'ANY',
    experience: 'ANY',
    tasks: ['COOK', 'CTS'],
    other_requirements: [],
    restrictivePractices: 'UNSURE',
    goal: 'To keep living at home',
    payingForCareType: 'PRIVATE',
    hourlyRate: 4550,
    title: 'Friendly support for Mum on weekday mornings',
    htmlDescription: '<p>Mum is 84 and loves gardening. She needs a hand with cooking and some company.</p>',
    summary: 'Mum is 84 and loves gardening. She needs a hand with cooking and some company.',
    applicationCount: 0,
    clientName: 'Maria Papadopoulos',
    invoiceDescription: '',
    addressForInvoice: '',
    medicationDetails: 'Reminders for morning tablets',
    practitionerName: '',
    practitionerPhone: '',
    practitionerEmail: '',
  });
  return { ...ownJob, ...overrides };
}
