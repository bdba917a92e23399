import { availabilityWith } from '../../app/test-week-table';

/** A realistic answer of GET /api/carer/{id}, for tests; times are midday UTC so any time zone reads the same date. */
export function workerProfileAnswer(overrides: Record<string, unknown> = {}) {
  const availability = availabilityWith({ mon: ['morning'], wed: ['afternoon'], sat: ['evening'] });
  return {
    carerId: 'worker-1',
    firstName: 'Eleni',
    lastInitial: 'P',
    avatar: '/api/avatars/worker-1.svg',
    suburb: 'Marrickville',
    state: 'NSW',
    headline: 'Patient aged care worker who speaks Greek',
    bio: 'I have supported older people at home for eight years.\nI love cooking and a good chat.',
    gender: 'FEMALE',
    skills: [
      { code: 'DEMENTIA', label: 'Dementia' },
      { code: 'AUTISM', label: 'Autism' },
      { code: 'ANXIETY', label: 'Anxiety' },
    ],
    tasks: [
      { code: 'COOK', label: 'Cooking' },
      { code: 'CA', label: 'Community access and getting out and about' },
    ],
    languages: [
      { code: 'en', label: 'English' },
      { code: 'el', label: 'Greek' },
    ],
    qualifications: [{ code: 'CERT3_INDIVIDUAL_SUPPORT', label: 'Certificate III in Individual Support' }],
    rates: {
      weekday: 4550,
      saturday: 5500,
      sunday: 6250,
      publicHoliday: 8000,
      evening: 5000,
      overnight: null,
      sleepover: 25000,
    },
    availability,
    driving: { hasDriversLicence: true, hasCar: false },
    personalCare: true,
    travelRadiusKm: 15,
    checks: {
      policeCheck: { verified: true, verifiedAt: '2025-03-03T12:00:00.000Z' },
      ndisScreening: { verified: true, verifiedAt: '2024-11-20T12:00:00.000Z' },
      workingWithChildren: { verified: false, verifiedAt: null },
    },
    rating: 4.5,
    reviewCount: 2,
    reviews: [
      { id: 'review-1', authorFirstName: 'Margaret', rating: 5, comment: 'Eleni is wonderful with Mum.', createdAt: '2025-05-10T12:00:00.000Z' },
      { id: 'review-2', authorFirstName: 'Tom', rating: 4, comment: 'Always on time.', createdAt: '2025-04-02T12:00:00.000Z' },
    ],
    lastActiveAt: '2025-06-01T12:00:00.000Z',
    joinedAt: '2024-02-15T12:00:00.000Z',
    ...overrides,
  };
}

/** What GET /api/shortlist answers with one worker on it. */
export function shortlistAnswer(carerIds: readonly string[]) {
  return carerIds.map((carerId) => ({
    carerId,
    addedAt: '2025-06-01T12:00:00.000Z',
    worker: {
      carerId,
      firstName: 'Eleni',
      lastInitial: 'P',
      avatar: `/api/avatars/${carerId}.svg`,
      suburb: 'Marrickville',
      state: 'NSW',
      distance: null,
      hourlyRate: 4550,
      headline: 'Patient aged care worker who speaks Greek',
      description: 'I have supported older people at home for eight years.',
      gender: 'FEMALE',
      skills: ['DEMENTIA'],
      languages: ['en', 'el'],
      qualifications: ['CERT3_INDIVIDUAL_SUPPORT'],
      availableDays: ['mon', 'wed', 'sat'],
      driving: true,
      personalCare: true,
      checks: { policeCheck: true, ndisScreening: true, workingWithChildren: false },
      rating: 4.5,
      reviewCount: 2,
      lastActiveAt: '2025-06-01T12:00:00.000Z',
      joinedAt: '2024-02-15T12:00:00.000Z',
    },
  }));
}
