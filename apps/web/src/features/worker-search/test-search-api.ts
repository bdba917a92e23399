import type { InterpretResponse, WorkerSummary } from '@tendly/domain/api/search';
import { SEARCH_PAGE_SIZE } from '@tendly/domain/constants';

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
  return Array.from({ length: count }, (_, index) => {
    const number = from + index;
    return testWorkerSummary({ carerId: `worker-${number}`, firstName: `Worker${number}`, avatar: `/api/avatars/worker-${number}.svg` });
  });
}

/** A search API over a fixed list of workers: answers each page by `start` and `limit`. */
export function pagedSearch(all: readonly WorkerSummary[]) {
  return (query: URLSearchParams): readonly [number, WorkerSummary[]] => {
    const start = Number(query.get('start') ?? 0);
    const limit = Number(query.get('limit') ?? SEARCH_PAGE_SIZE);
    return [200, all.slice(start, start + limit)];
  };
}

export function interpretAnswer(overrides: Partial<InterpretResponse> = {}): InterpretResponse {
  return { filters: {}, understood: [], nextQuestion: null, engine: 'local', answered: [], searchArea: null, ...overrides };
}
