import type { InterpretResponse, WorkerSummary } from '@tendly/domain/api/search';
import { numberedList } from '../../app/test-pages';

/** A worker as GET /api/search answers, for tests. */
export function testWorkerSummary(overrides: Partial<WorkerSummary> = {}): WorkerSummary {
  return {
    carerId: 'worker-1',
    firstName: 'Eleni',
    lastInitial: 'P.',
    avatar: '/api/avatars/worker-1.svg',
    suburb: 'Marrickville',
    state: 'NSW',
    distance: null,
    hourlyRate: 4500,
    headline: 'Aged care with a smile',
    description: 'I have cared for older people at home for eight years.',
    gender: 'FEMALE',
    skills: ['AGEDGEN', 'DEMENTIA'],
    languages: ['en', 'el'],
    qualifications: ['CERT3_INDIVIDUAL_SUPPORT'],
    availableDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
    driving: true,
    personalCare: true,
    checks: { policeCheck: true, ndisScreening: true, workingWithChildren: false },
    rating: 4.5,
    reviewCount: 4,
    lastActiveAt: '2025-03-01T00:00:00.000Z',
    joinedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** `count` workers numbered from `from` (worker-{n}, "Worker{n}"). */
export function testWorkers(count: number, from = 1): WorkerSummary[] {
  return numberedList(count, from, (number) =>
    testWorkerSummary({ carerId: `worker-${number}`, firstName: `Worker${number}`, avatar: `/api/avatars/worker-${number}.svg` }),
  );
}

export function interpretAnswer(overrides: Partial<InterpretResponse> = {}): InterpretResponse {
  // Workers match unless a test says otherwise: the assistant's closing words follow the count.
  return { filters: {}, understood: [], nextQuestion: null, engine: 'local', answered: [], searchArea: null, notUsed: [], results: { count: 5, relax: [] }, ...overrides };
}
