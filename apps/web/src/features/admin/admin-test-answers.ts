import type { AdminWorker, InboxItemDetail, PersonDetail } from '@tendly/domain/api/admin';
import { testTaxDetails } from '@tendly/domain/testing/onboarding-facts';

/** Answers of the admin API for web tests. */

export const workerId = '11111111-1111-4111-8111-111111111111';

export function workerAnswer(overrides: Partial<AdminWorker> = {}): AdminWorker {
  return {
    account: {
      id: workerId,
      email: 'wren@example.com',
      firstName: 'Wren',
      lastName: 'Worker',
      phone: '0412345678',
      role: 'CR',
      status: 'ACTIVE',
      emailVerifiedAt: '2026-11-01T00:00:00.000Z',
      createdAt: '2026-11-01T00:00:00.000Z',
      deactivatedAt: null,
      deactivatedReason: null,
    },
    profile: {
      status: 'INACTIVE',
      headline: 'Kind and reliable',
      bio: 'I have supported older people at home for six years.',
      gender: 'FEMALE',
      skills: ['DEMENTIA'],
      tasks: [],
      languages: ['en'],
      qualifications: [],
      experienceYears: 6,
      supportsMinors: false,
      locality: 'Marrickville NSW 2204',
      travelRadiusKm: 15,
      hasDriversLicence: true,
      hasCar: true,
      availability: { mon: { morning: true, afternoon: false, evening: false } },
      rates: { weekday: 4500, saturday: null, sunday: null, publicHoliday: null, evening: null, overnight: null, sleepover: null, travelPerKm: 99 },
      avatarUrl: null,
      submittedForReviewAt: '2026-11-20T00:00:00.000Z',
      approvedAt: null,
      approvedBy: null,
      changesRequested: null,
      changesRequestedAt: null,
      suspendedAt: null,
      suspendedReason: null,
      inactiveReason: null,
    },
    documents: [
      {
        id: 'doc-police',
        kind: 'POLICE_CHECK',
        label: 'National police check',
        isRequired: true,
        number: 'NPC123',
        issuingState: null,
        title: null,
        issuedOn: '2026-10-01',
        expiresOn: '2029-10-01',
        status: 'PENDING',
        reviewReason: null,
        reviewedAt: null,
        contentType: 'application/pdf',
        originalName: 'police.pdf',
        isExpired: false,
        uploadedAt: '2026-11-19T00:00:00.000Z',
        isSuperseded: false,
      },
    ],
    missingRequiredDocuments: ['NDIS Worker Screening clearance', 'National police check'],
    referees: [
      {
        id: 'ref-1',
        position: 1,
        name: 'Rita Referee',
        relationship: 'Former manager',
        email: 'rita@example.com',
        phone: '0400000001',
        invitedAt: '2026-11-10T00:00:00.000Z',
        answeredAt: '2026-11-11T00:00:00.000Z',
        answers: { knownFor: '1_TO_3_YEARS', capacity: 'I managed Wren at Bright Care.', reliability: 4, wouldRecommend: true, comments: 'Reliable and kind.' },
      },
    ],
    taxDetails: testTaxDetails,
    learningPasses: [{ moduleCode: 'platform-induction', scorePercent: 100, passedAt: '2026-11-12T00:00:00.000Z' }],
    history: [],
    ...overrides,
  };
}

export function personAnswer(overrides: Partial<PersonDetail['account']> = {}): PersonDetail {
  return {
    account: {
      id: '22222222-2222-4222-8222-222222222222',
      email: 'jo@example.com',
      firstName: 'Jo',
      lastName: 'Citizen',
      phone: '0412345678',
      role: 'CS',
      status: 'ACTIVE',
      emailVerifiedAt: '2026-11-01T00:00:00.000Z',
      createdAt: '2026-11-01T00:00:00.000Z',
      deactivatedAt: null,
      deactivatedReason: null,
      ...overrides,
    },
    worker: null,
    openSessions: 2,
    history: [],
  };
}

export function inboxItemAnswer(overrides: Partial<InboxItemDetail> = {}): InboxItemDetail {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    reference: 'IR-7K3Q9M',
    kind: 'incident',
    status: 'NEW',
    senderName: 'Jo Citizen',
    email: 'jo@example.com',
    assignee: null,
    needsUrgentResponse: true,
    respondBy: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    createdAt: new Date(Date.now() - 19 * 3_600_000).toISOString(),
    resolvedAt: null,
    data: { location: 'Client home, Bondi', details: 'A fall in the bathroom.' },
    sentBy: null,
    notes: [],
    ...overrides,
  };
}
