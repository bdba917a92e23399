import type { Applicant, Job, JobSummary, MyApplication, MyInvitation, MyJobPost } from '@tendly/domain/api/jobs';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { availabilityWith } from './test-week-table';
import { testWorkerSummary } from '../features/worker-search/test-search-api';
import { numberedList } from './test-pages';

/** Test answers of the jobs API, shaped by the contract (packages/domain/src/api/jobs.ts). */

export function testJobSummary(overrides: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 'job-1',
    title: 'Friendly help with shopping and meals for my mum',
    summary: 'Mum is 84 and lives on her own. She would love a hand with the weekly shop and cooking a few meals.',
    status: 'OPEN',
    place: { suburb: 'Marrickville', state: 'NSW', postcode: '2204' },
    distance: null,
    supportCategory: 'AGED_CARE',
    supportType: ['AGEDGEN'],
    tasks: ['COOK', 'MEAL'],
    days: ['mon', 'thu'],
    approxHoursPerWeek: 6,
    hourlyRate: 4500,
    payingForCareType: 'HOME_CARE_PACKAGE',
    postedAt: '2025-03-12T01:00:00.000Z',
    postedBy: 'Sophie',
    ...overrides,
  };
}

/** `count` jobs numbered from `from` (job-{n}, "Job number {n} …"). */
export function testJobSummaries(count: number, from = 1): JobSummary[] {
  return numberedList(count, from, (number) => testJobSummary({ id: `job-${number}`, title: `Job number ${number}: help at home` }));
}

export function testJob(overrides: Partial<Job> = {}): Job {
  const availability = availabilityWith({ mon: ['morning'], thu: ['afternoon'] });
  return {
    id: 'job-1',
    status: 'OPEN',
    postedAt: '2025-03-12T01:00:00.000Z',
    updatedAt: '2025-03-12T01:00:00.000Z',
    closedAt: null,
    postedBy: 'Sophie',
    place: { suburb: 'Marrickville', state: 'NSW', postcode: '2204' },
    supportCategory: 'AGED_CARE',
    supportType: ['AGEDGEN', 'DEMENTIA'],
    careFor: 'Partner/Spouse',
    searcherRole: null,
    location: 'Marrickville NSW',
    locationType: 'ANY',
    availability,
    approxHoursPerDay: 3,
    approxHoursPerWeek: 6,
    approxStartDate: '2025-07-01',
    gender: 'FEMALE',
    experience: 'YEARS_1',
    tasks: ['COOK', 'MEAL'],
    other_requirements: ['HDL', 'WWP'],
    languages: ['el'],
    medicationRequired: true,
    behaviourOfConcern: false,
    restrictivePractices: 'NO',
    goal: 'To keep living at home and cooking the meals she loves.',
    isGoalVisible: true,
    payingForCareType: 'HOME_CARE_PACKAGE',
    hourlyRate: 4500,
    ndisFundingCode: '',
    title: 'Friendly help with shopping and meals for my mum',
    htmlDescription: '<p>Mum is 84 and lives on her own. She would love a hand with the <strong>weekly shop</strong>.</p>',
    summary: 'Mum is 84 and lives on her own. She would love a hand with the weekly shop.',
    disableWorkerNotification: false,
    disableJobBoardPosting: false,
    referralId: null,
    isOwner: false,
    myApplication: null,
    ...overrides,
  };
}

/** The same job as its owner sees it: the private fields and the applicant count. */
export function testOwnJob(overrides: Partial<Job> = {}): Job {
  return testJob({
    isOwner: true,
    applicationCount: 2,
    myApplication: undefined,
    clientName: 'Irene Papadopoulos',
    invoiceDescription: 'Support for Irene P.',
    addressForInvoice: '12 Illawarra Road, Marrickville NSW 2204',
    medicationDetails: 'Blister pack at 8 am; please prompt and watch her take it.',
    practitionerName: 'Dr Anna Lee',
    practitionerPhone: '02 9555 0000',
    practitionerEmail: 'anna.lee@example.com',
    ...overrides,
  });
}

export function testMyJobPost(overrides: Partial<MyJobPost> = {}): MyJobPost {
  return { ...testJobSummary(), postedByCoordinator: null, applicationCount: 2, pendingCount: 1, disableJobBoardPosting: false, ...overrides };
}

/** The worker of testApplicant: the search's test worker, applying from Dulwich Hill. */
export function testApplicantWorker(overrides: Partial<WorkerSummary> = {}): WorkerSummary {
  return testWorkerSummary({
    carerId: '7d3a8c52-3f7e-4c1e-9b6a-1f2d3e4c5b6a',
    suburb: 'Dulwich Hill',
    hourlyRate: 4800,
    availableDays: ['mon', 'tue', 'thu'],
    ...overrides,
  });
}

export function testApplicant(overrides: Partial<Applicant> = {}): Applicant {
  return {
    id: 'application-1',
    status: 'PENDING',
    message: 'I have looked after older Greek ladies for years and love to cook.',
    appliedAt: '2025-03-13T02:00:00.000Z',
    updatedAt: '2025-03-13T02:00:00.000Z',
    worker: testApplicantWorker(),
    ...overrides,
  };
}

export function testMyApplication(overrides: Partial<MyApplication> = {}): MyApplication {
  return {
    id: 'application-1',
    status: 'PENDING',
    message: 'I have looked after older Greek ladies for years and love to cook.',
    appliedAt: '2025-03-13T02:00:00.000Z',
    job: testJobSummary({ hasApplied: true }),
    ...overrides,
  };
}

export function testMyInvitation(overrides: Partial<MyInvitation> = {}): MyInvitation {
  return {
    id: 'invitation-1',
    invitedAt: '2025-03-14T02:00:00.000Z',
    message: 'Your profile looks lovely. Would you apply?',
    job: testJobSummary({ id: 'job-2', title: 'Weekend companionship in Newtown', hasApplied: false }),
    ...overrides,
  };
}
