import { beforeAll, describe, expect, it } from 'vitest';
import { HOME_RANDOM_WORKERS } from '@tendly/domain/constants';
import { workerCardsSchema } from '@tendly/domain/api/workers';
import { localities } from '../../platform/db/schema/reference';
import { useTestApp } from '../../test-support/test-app';
import { createWorker } from '../auth/test-factories';

const { subject, db } = useTestApp();
let localityId: number;
const eligibleIds = new Set<string>();

async function cardWorker(firstName: string) {
  const user = await createWorker(db(), {
    user: { firstName },
    profile: { avatarUrl: `/api/avatars/${firstName.toLowerCase()}.svg`, bio: `${firstName} has helped people at home for years.`, localityId },
  });
  eligibleIds.add(user.id);
  return user;
}

beforeAll(async () => {
  const [locality] = await db()
    .insert(localities)
    .values({ postcode: '2026', suburb: 'Bondi', state: 'NSW', latitude: -33.89, longitude: 151.27 })
    .returning();
  if (!locality) throw new Error('no locality');
  localityId = locality.id;

  for (const name of ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana']) await cardWorker(name);
  // Not shown: an inactive profile, no photo, an empty or blank bio, no suburb, a deactivated account.
  const complete = { avatarUrl: '/api/avatars/x.svg', bio: 'A bio.', localityId };
  await createWorker(db(), { profileStatus: 'INACTIVE', profile: complete });
  await createWorker(db(), { profile: { ...complete, avatarUrl: null } });
  await createWorker(db(), { profile: { ...complete, bio: null } });
  await createWorker(db(), { profile: { ...complete, bio: '   ' } });
  await createWorker(db(), { profile: { ...complete, localityId: null } });
  await createWorker(db(), { user: { status: 'DEACTIVATED' }, profile: complete });
});

async function getRandom(query = '') {
  return subject.app.inject({ method: 'GET', url: `/api/workers/random${query}` });
}

describe('GET /api/workers/random', () => {
  it(`answers ${HOME_RANDOM_WORKERS} worker cards by default, never cached`, async () => {
    const response = await getRandom();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const cards = workerCardsSchema.parse(response.json());
    expect(cards).toHaveLength(HOME_RANDOM_WORKERS);
    const [card] = cards;
    expect(card).toEqual({
      carerId: expect.any(String),
      firstName: expect.any(String),
      avatar: `/api/avatars/${card?.firstName.toLowerCase()}.svg`,
      suburb: 'Bondi',
      state: 'NSW',
      description: `${card?.firstName} has helped people at home for years.`,
    });
  });

  it('shows only active workers with a photo and a bio, each once', async () => {
    for (let i = 0; i < 5; i += 1) {
      const cards = workerCardsSchema.parse((await getRandom('?count=12')).json());
      // Eight such workers exist: asking for twelve gets all eight, no one twice.
      expect(new Set(cards.map((c) => c.carerId))).toEqual(eligibleIds);
      expect(cards).toHaveLength(eligibleIds.size);
    }
  });

  it('honours count with different workers', async () => {
    for (const count of [1, 5, 7]) {
      const cards = workerCardsSchema.parse((await getRandom(`?count=${count}`)).json());
      expect(cards).toHaveLength(count);
      expect(new Set(cards.map((c) => c.carerId)).size).toBe(count);
      for (const card of cards) expect(eligibleIds.has(card.carerId)).toBe(true);
    }
  });

  it('varies from call to call', async () => {
    const seen = new Set<string>();
    const orders = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const cards = workerCardsSchema.parse((await getRandom('?count=3')).json());
      cards.forEach((c) => seen.add(c.carerId));
      orders.add(cards.map((c) => c.carerId).join());
    }
    // Picks start from random points of the id range, so a worker whose id sits just after
    // another's comes up less often: across 20 calls more than one call's worth of workers shows,
    // though not always six of the eight. The order is shuffled every time.
    expect(seen.size).toBeGreaterThan(3);
    expect(orders.size).toBeGreaterThan(5);
  });

  it.each(['0', '13', 'x', '2.5', '-1'])('refuses count=%s with a 400', async (count) => {
    const response = await getRandom(`?count=${count}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });

  it('is public: no auth-token needed', async () => {
    expect((await getRandom('?count=1')).statusCode).toBe(200);
  });
});
