import type { WorkerCard } from '@tendly/domain/api/workers';
import { mockApi, type ApiReply, type SentRequest } from '../../app/test-api';

/** A worker as GET /api/workers/random answers, for tests. */
export function testWorker(overrides: Partial<WorkerCard> = {}): WorkerCard {
  return {
    carerId: 'worker-1',
    firstName: 'Priya',
    avatar: '/api/avatars/priya.svg',
    suburb: 'Parramatta',
    state: 'NSW',
    description: 'I love helping people stay active in their community.',
    ...overrides,
  };
}

export const threeWorkers: readonly WorkerCard[] = [
  testWorker(),
  testWorker({ carerId: 'worker-2', firstName: 'Tom', suburb: 'Footscray', state: 'VIC', description: 'x'.repeat(140) }),
  testWorker({ carerId: 'worker-3', firstName: 'Mei', suburb: 'Toowong', state: 'QLD' }),
];

/** Mocks the two calls of the home page; by default three workers and an empty feed. */
export function mockHomeApi(
  routes: {
    workers?: (request: SentRequest) => ApiReply;
    social?: (request: SentRequest) => ApiReply;
  } = {},
) {
  return mockApi({
    'GET /api/workers/random': routes.workers ?? (() => [200, threeWorkers]),
    'GET /api/social/media': routes.social ?? (() => [200, []]),
  });
}
