import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workerSearchResultsSchema, type WorkerSummary } from '@tendly/domain/api/search';
import { workerProfiles } from '../../platform/db/schema/workers';
import { useTestApp } from '../../test-support/test-app';
import { week } from '../../test-support/test-availability';
import { createWorker } from '../auth/test-factories';
import { locality, type Place } from '../jobs/test-jobs';

const { subject, db } = useTestApp({ database: { referenceData: true } });

const dayMs = 86_400_000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * dayMs);


type ProfileValues = Parameters<typeof createWorker>[1] extends infer O ? (O extends { profile?: infer P } ? P : never) : never;

const ids: Record<string, string> = {};

async function worker(firstName: string, place: Place | null, profile: ProfileValues, options: { status?: 'ACTIVE' | 'INACTIVE'; deactivated?: boolean } = {}) {
  const user = await createWorker(db(), {
    profileStatus: options.status ?? 'ACTIVE',
    user: { firstName, lastName: 'tester', ...(options.deactivated ? { status: 'DEACTIVATED' as const } : {}) },
    profile: {
      localityId: place?.id ?? null,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      joinedAt: daysAgo(300),
      ...profile,
    },
  });
  ids[firstName] = user.id;
  return user;
}

let marrickville: Place;
let newtown: Place;
let parramatta: Place;

beforeAll(async () => {
  marrickville = await locality(db(), 'Marrickville', '2204');
  newtown = await locality(db(), 'Newtown', '2042');
  parramatta = await locality(db(), 'Parramatta', '2150');
  const fitzroy = await locality(db(), 'Fitzroy', '3065');
  const verified = daysAgo(200);
  // Police check, NDIS worker screening and Working with Children Check, all verified long ago.
  const allChecksVerified = { policeCheckVerifiedAt: verified, ndisScreeningVerifiedAt: verified, wwccVerifiedAt: verified };

  await worker('Ava', marrickville, {
    gender: 'FEMALE',
    headline: 'Dementia support with a smile',
    bio: 'I have cared for people living with dementia for eight years and I speak Greek at home.',
    skills: ['DEMENTIA', 'AGEDGEN'],
    languages: ['en', 'el'],
    qualifications: ['CERT3_INDIVIDUAL_SUPPORT', 'FIRST_AID', 'CPR'],
    availability: week({ mon: ['morning', 'afternoon'], tue: ['morning'] }),
    hasDriversLicence: true,
    hasCar: true,
    tasks: ['CTP'],
    ...allChecksVerified,
    rating: 4.8,
    reviewCount: 10,
    weekdayRateCents: 5200,
    lastActiveAt: daysAgo(1),
    joinedAt: daysAgo(400),
  });
  await worker('Ben', newtown, {
    gender: 'MALE',
    headline: 'Autism support and footy mornings',
    bio: 'Patient support worker for autistic teenagers. Happy to take you to the footy on weekends.',
    skills: ['AUTISM'],
    languages: ['en'],
    qualifications: ['FIRST_AID'],
    availability: week({ sat: ['morning', 'afternoon', 'evening'], sun: ['afternoon'] }),
    hasDriversLicence: true,
    hasCar: false,
    policeCheckVerifiedAt: verified,
    lastActiveAt: daysAgo(10),
    joinedAt: daysAgo(10),
  });
  await worker('Cleo', parramatta, {
    gender: 'FEMALE',
    headline: 'Registered nurse for older people',
    bio: "Nursing background with dementia and Parkinson's experience. I speak Mandarin.",
    skills: ['DEMENTIA', 'PARKINSONS'],
    languages: ['en', 'zh'],
    qualifications: ['REGISTERED_NURSE', 'FIRST_AID', 'CPR'],
    availability: week({ mon: ['morning', 'afternoon', 'evening'], tue: ['morning', 'afternoon', 'evening'], wed: ['morning'] }),
    hasDriversLicence: true,
    hasCar: true,
    tasks: ['CTP'],
    ...allChecksVerified,
    rating: 4.5,
    reviewCount: 3,
    lastActiveAt: daysAgo(100),
    joinedAt: daysAgo(700),
  });
  await worker('Dev', fitzroy, {
    gender: 'MALE',
    headline: 'Mental health peer worker',
    bio: 'Lived experience of anxiety; I support people with depression to get back out into the community.',
    skills: ['DEPRESSION', 'ANXIETY'],
    languages: ['en', 'hi'],
    availability: week({ wed: ['evening'] }),
    lastActiveAt: null,
    joinedAt: daysAgo(20),
  });
  await worker('Eli', marrickville, {
    gender: 'NON_BINARY',
    headline: 'Companionship and cooking',
    bio: 'I cook, clean and keep people company. Some experience with dementia.',
    skills: ['DEMENTIA'],
    languages: ['en'],
    availability: week({ mon: ['evening'], tue: ['evening'] }),
    lastActiveAt: daysAgo(5),
    joinedAt: daysAgo(90),
  });
  await worker('Fay', null, {
    gender: 'FEMALE',
    headline: 'Support worker, place not set',
    bio: 'I have not told anyone where I live yet.',
    skills: ['FRAIL'],
    languages: ['en'],
    availability: week({ fri: ['morning'] }),
    lastActiveAt: daysAgo(40),
    joinedAt: daysAgo(50),
  });
  // Never listed: an INACTIVE profile and a deactivated account, both a perfect match otherwise.
  const perfect: ProfileValues = { skills: ['DEMENTIA'], languages: ['en', 'el'], bio: 'Dementia care.', lastActiveAt: daysAgo(0) };
  await worker('Ina', marrickville, perfect, { status: 'INACTIVE' });
  await worker('Dee', marrickville, perfect, { deactivated: true });
});

async function search(query: string): Promise<WorkerSummary[]> {
  const response = await subject.app.inject({ method: 'GET', url: `/api/search${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return workerSearchResultsSchema.parse(response.json());
}

const names = (workers: readonly WorkerSummary[]) => workers.map((w) => w.firstName);
const nameSet = (workers: readonly WorkerSummary[]) => new Set(names(workers));

/** Great-circle distance on earthdistance's sphere (radius 6,378,168 m). */
function greatCircleMetres(a: Place, b: Place): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const [lat1, lat2] = [radians(a.latitude), radians(b.latitude)];
  const dLat = lat2 - lat1;
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_378_168 * Math.asin(Math.sqrt(h));
}

describe('GET /api/search', () => {
  it('lists only active profiles of active accounts, as worker summaries', async () => {
    const results = await search('');
    expect(nameSet(results)).toEqual(new Set(['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay']));
    const ava = results.find((w) => w.firstName === 'Ava');
    expect(ava).toEqual({
      carerId: ids.Ava,
      firstName: 'Ava',
      lastInitial: 'T',
      avatar: `/api/avatars/${ids.Ava}.svg`,
      suburb: 'Marrickville',
      state: 'NSW',
      distance: null,
      hourlyRate: 5200,
      headline: 'Dementia support with a smile',
      description: 'I have cared for people living with dementia for eight years and I speak Greek at home.',
      gender: 'FEMALE',
      skills: ['DEMENTIA', 'AGEDGEN'],
      languages: ['en', 'el'],
      qualifications: ['CERT3_INDIVIDUAL_SUPPORT', 'FIRST_AID', 'CPR'],
      availableDays: ['mon', 'tue'],
      driving: true,
      personalCare: true,
      checks: { policeCheck: true, ndisScreening: true, workingWithChildren: true },
      rating: 4.8,
      reviewCount: 10,
      lastActiveAt: daysAgo(1).toISOString(),
      joinedAt: daysAgo(400).toISOString(),
    });
    expect(results.find((w) => w.firstName === 'Fay')).toMatchObject({ suburb: null, state: null, distance: null });
  });

  it('measures the distance in metres from the searched place', async () => {
    const results = await search('?location=Marrickville');
    const distanceOf = (name: string) => results.find((w) => w.firstName === name)?.distance;
    expect(distanceOf('Ava')).toBe(0);
    const toNewtown = greatCircleMetres(marrickville, newtown);
    expect(toNewtown).toBeGreaterThan(2000);
    expect(toNewtown).toBeLessThan(3500);
    expect(distanceOf('Ben')).toBeCloseTo(toNewtown, -1);
    expect(distanceOf('Cleo')).toBeCloseTo(greatCircleMetres(marrickville, parramatta), -1);
    // A worker without a place is still listed, without a distance.
    expect(distanceOf('Fay')).toBeNull();
  });

  it('says how many workers match in all, whatever the page and the order, in X-Total-Count', async () => {
    const total = async (query: string) => {
      const response = await subject.app.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return { count: response.headers['x-total-count'], capped: response.headers['x-total-count-capped'] };
    };
    const everyone = (await search('')).length;
    expect(await total('')).toEqual({ count: String(everyone), capped: undefined });
    expect(await total('limit=1&sortType=newest')).toEqual({ count: String(everyone), capped: undefined });
    expect(await total('location=Marrickville&locationType=KM_5')).toEqual({ count: '3', capped: undefined });
    expect(await total('location=Marrickville&locationType=KM_5&start=2&limit=1')).toEqual({ count: '3', capped: undefined });
    expect(await total('skillType=DEMENTIA&availability=mon')).toEqual({ count: '3', capped: undefined });
    expect(await total('keyword=zzzzzzzz')).toEqual({ count: '0', capped: undefined });
    // Past the end: an empty page, and still the total.
    expect(await total('start=50')).toEqual({ count: String(everyone), capped: undefined });
  });

  it('keeps to the radius', async () => {
    expect(nameSet(await search('?location=Marrickville&locationType=KM_5'))).toEqual(new Set(['Ava', 'Ben', 'Eli']));
    // Parramatta is about 17 km from Marrickville.
    expect(nameSet(await search('?location=Marrickville&locationType=KM_10'))).toEqual(new Set(['Ava', 'Ben', 'Eli']));
    expect(nameSet(await search('?location=Marrickville&locationType=25'))).toEqual(new Set(['Ava', 'Ben', 'Cleo', 'Eli']));
    expect(nameSet(await search('?location=Parramatta&locationType=KM_5'))).toEqual(new Set(['Cleo']));
  });

  it('reads a suburb, "suburb STATE", a postcode, any letter case', async () => {
    const expected = new Set(['Ava', 'Ben', 'Eli']);
    for (const location of ['marrickville', 'MARRICKVILLE nsw', 'Marrickville, NSW 2204', 'Marrickville New South Wales', '2204', 'Marrickville 2204']) {
      expect(nameSet(await search(`?location=${encodeURIComponent(location)}&locationType=KM_5`)), location).toEqual(expected);
    }
  });

  it('asks which place is meant when several share the name, unless the state or postcode tells them apart', async () => {
    // Newtown is a suburb of Sydney, of Geelong and of Ballarat, and a town near Ipswich and one near Toowoomba.
    const newtown = await subject.app.inject({ method: 'GET', url: '/api/search?location=Newtown&locationType=KM_5' });
    expect(newtown.statusCode).toBe(400);
    const places = [
      { suburb: 'Newtown', state: 'NSW', postcode: '2042' },
      { suburb: 'Newtown', state: 'VIC', postcode: '3220' },
      { suburb: 'Newtown', state: 'VIC', postcode: '3351' },
      { suburb: 'Newtown', state: 'QLD', postcode: '4305' },
      { suburb: 'Newtown', state: 'QLD', postcode: '4350' },
    ];
    expect(newtown.json()).toEqual({
      message: 'There are 5 places called Newtown. Which one do you mean? Add the state or the postcode, for example "Newtown NSW 2042".',
      code: 'AMBIGUOUS_PLACE',
      errors: { location: 'There are 5 places called Newtown. Which one do you mean? Add the state or the postcode, for example "Newtown NSW 2042".' },
      places: expect.arrayContaining(places),
    });
    expect(newtown.json().places).toHaveLength(5);
    // Two in Victoria: the state alone does not settle it.
    expect((await subject.app.inject({ method: 'GET', url: '/api/search?location=Newtown%20VIC' })).json().places).toEqual([
      { suburb: 'Newtown', state: 'VIC', postcode: '3220' },
      { suburb: 'Newtown', state: 'VIC', postcode: '3351' },
    ]);
    // Each choice, as offered, searches that place.
    expect(nameSet(await search('?location=Newtown%20NSW%202042&locationType=KM_5'))).toEqual(new Set(['Ava', 'Ben', 'Eli']));
    expect(nameSet(await search('?location=Newtown%20NSW&locationType=KM_5'))).toEqual(new Set(['Ava', 'Ben', 'Eli']));
    expect(await search('?location=Newtown%20VIC%203220&locationType=KM_50')).toEqual([]);
    expect(nameSet(await search('?location=Fitzroy%20VIC&locationType=KM_5'))).toEqual(new Set(['Dev']));
  });

  it('takes one place for a suburb whose postcodes are one place, and a major city for the city', async () => {
    // Marrickville 2204 and its post office box postcodes 1475 and 1476; Parramatta 2150 and its mail centres.
    expect(nameSet(await search('?location=Marrickville&locationType=KM_5'))).toEqual(new Set(['Ava', 'Ben', 'Eli']));
    expect(nameSet(await search('?location=Parramatta&locationType=KM_5'))).toEqual(new Set(['Cleo']));
    // Perth WA, not Perth TAS; Hobart and its GPO box postcode 7001 are one place.
    for (const city of ['Perth', 'Hobart', 'Darwin', 'Sydney']) {
      expect((await subject.app.inject({ method: 'GET', url: `/api/search?location=${city}` })).statusCode, city).toBe(200);
    }
    expect((await subject.app.inject({ method: 'GET', url: '/api/search?location=Perth%20TAS' })).statusCode).toBe(200);
  });

  it('refuses an unknown place with a 400 that says so, with the place it may have meant', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/search?location=Xyzzyville' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'We could not find "Xyzzyville". Try a suburb name or a postcode.',
      code: 'UNKNOWN_PLACE',
      errors: { location: 'We could not find "Xyzzyville". Try a suburb name or a postcode.' },
      places: [],
    });
    const misspelt = await subject.app.inject({ method: 'GET', url: '/api/search?location=Marickville' });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json()).toMatchObject({
      message: 'We could not find "Marickville". Did you mean Marrickville NSW 2204? Try a suburb name or a postcode.',
      places: [{ suburb: 'Marrickville', state: 'NSW', postcode: '2204' }],
    });
    const postcode = await subject.app.inject({ method: 'GET', url: '/api/search?location=0000' });
    expect(postcode.statusCode).toBe(400);
    expect(postcode.json()).toMatchObject({ code: 'UNKNOWN_PLACE', places: [] });
  });

  it('filters by gender, skills (any), availability (every day), languages (any) and qualifications (every one)', async () => {
    expect(nameSet(await search('?gender=FEMALE'))).toEqual(new Set(['Ava', 'Cleo', 'Fay']));
    expect(nameSet(await search('?gender=ANY'))).toEqual(new Set(['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay']));
    expect(nameSet(await search('?skillType=PARKINSONS&skillType=AUTISM'))).toEqual(new Set(['Ben', 'Cleo']));
    expect(nameSet(await search('?skillType=DEMENTIA'))).toEqual(new Set(['Ava', 'Cleo', 'Eli']));
    expect(nameSet(await search('?availability=mon&availability=tue'))).toEqual(new Set(['Ava', 'Cleo', 'Eli']));
    expect(nameSet(await search('?availability=mon&availability=wed'))).toEqual(new Set(['Cleo']));
    expect(nameSet(await search('?availability=sun'))).toEqual(new Set(['Ben']));
    expect(nameSet(await search('?carerLanguage=el&carerLanguage=zh'))).toEqual(new Set(['Ava', 'Cleo']));
    expect(nameSet(await search('?qualifications=FIRST_AID&qualifications=CPR'))).toEqual(new Set(['Ava', 'Cleo']));
    expect(nameSet(await search('?qualifications=FIRST_AID'))).toEqual(new Set(['Ava', 'Ben', 'Cleo']));
  });

  it('filters by parts of the day: each one asked for, on every day asked for, or on some day', async () => {
    expect(nameSet(await search('?timesOfDay=morning'))).toEqual(new Set(['Ava', 'Ben', 'Cleo', 'Fay']));
    expect(nameSet(await search('?timesOfDay=evening'))).toEqual(new Set(['Ben', 'Cleo', 'Dev', 'Eli']));
    expect(nameSet(await search('?timesOfDay=morning&timesOfDay=evening'))).toEqual(new Set(['Ben', 'Cleo']));
    // Weekday mornings: free on Monday and Tuesday mornings, both (Eli is free those days, but evenings).
    expect(nameSet(await search('?availability=mon&availability=tue&timesOfDay=morning'))).toEqual(new Set(['Ava', 'Cleo']));
    expect(nameSet(await search('?availability=mon&availability=tue&timesOfDay=afternoon'))).toEqual(new Set(['Cleo']));
    expect(nameSet(await search('?availability=sun&timesOfDay=morning'))).toEqual(new Set());
  });

  it('filters by checks, driving, personal care, new and active workers; false filters nothing', async () => {
    expect(nameSet(await search('?hasVerifiedNDISScreening=true'))).toEqual(new Set(['Ava', 'Cleo']));
    // Driving: a licence and a car (Ben has a licence but no car).
    expect(nameSet(await search('?driving=true'))).toEqual(new Set(['Ava', 'Cleo']));
    expect(nameSet(await search('?personalCare=true'))).toEqual(new Set(['Ava', 'Cleo']));
    expect(nameSet(await search('?newWorkersOnly=true'))).toEqual(new Set(['Ben', 'Dev']));
    expect(nameSet(await search('?activeWorkersOnly=true'))).toEqual(new Set(['Ava', 'Ben', 'Eli']));
    expect((await search('?driving=false&personalCare=false&newWorkersOnly=false')).length).toBe(6);
  });

  it('finds a keyword in the headline or bio, forgiving a small typo', async () => {
    expect(nameSet(await search('?keyword=dementia'))).toEqual(new Set(['Ava', 'Cleo', 'Eli']));
    expect(nameSet(await search('?keyword=Dementa'))).toEqual(new Set(['Ava', 'Cleo', 'Eli']));
    expect(nameSet(await search('?keyword=demntia%20greek'))).toEqual(new Set(['Ava']));
    // Stemming: "cooking" finds "cook"; every word must match.
    expect(nameSet(await search('?keyword=cooking'))).toEqual(new Set(['Eli']));
    expect(nameSet(await search('?keyword=footy%20autistic'))).toEqual(new Set(['Ben']));
    expect(nameSet(await search('?keyword=nurse'))).toEqual(new Set(['Cleo']));
    expect(await search('?keyword=qwertyuiop')).toEqual([]);
    // Only words that full text search ignores: no keyword filter at all.
    expect((await search('?keyword=with%20the')).length).toBe(6);
  });

  it('combines filters', async () => {
    expect(names(await search('?location=Marrickville&locationType=KM_25&skillType=DEMENTIA&carerLanguage=el&keyword=greek'))).toEqual(['Ava']);
  });

  it('sorts by last active (never-active last) and by newest', async () => {
    expect(names(await search('?sortType=lastActive'))).toEqual(['Ava', 'Eli', 'Ben', 'Fay', 'Cleo', 'Dev']);
    expect(names(await search('?sortType=newest'))).toEqual(['Ben', 'Dev', 'Fay', 'Eli', 'Ava', 'Cleo']);
  });

  it('sorts by best match: skills matched, distance, availability, checks, rating and activity', async () => {
    // Cleo has both skills asked for; Ava and Eli one each, Ava with checks, a rating and recent activity.
    expect(names(await search('?skillType=DEMENTIA&skillType=PARKINSONS'))).toEqual(['Cleo', 'Ava', 'Eli']);
    // Nearby and free on Monday and Tuesday: Ava (3 of 6 parts of those days) is in Marrickville,
    // Cleo (6 of 6) is 17 km away, Eli (2 of 6) in Marrickville with no checks.
    expect(names(await search('?location=Marrickville&availability=mon&availability=tue'))).toEqual(['Ava', 'Cleo', 'Eli']);
    // The default order is best match.
    expect(names(await search(''))).toEqual(names(await search('?sortType=bestMatch')));
  });

  it('pages with start and limit, without repeats or gaps, and a short last page marks the end', async () => {
    for (const sortType of ['bestMatch', 'lastActive', 'newest']) {
      const all = names(await search(`?sortType=${sortType}&limit=100`));
      const paged: string[] = [];
      for (let start = 0; ; start += 4) {
        const page = await search(`?sortType=${sortType}&start=${start}&limit=4`);
        paged.push(...names(page));
        if (page.length < 4) break;
      }
      expect(paged).toEqual(all);
      expect(all).toHaveLength(6);
    }
    expect(await search('?start=6')).toEqual([]);
    expect(await search('?start=100000')).toEqual([]);
    expect(await search('?limit=1')).toHaveLength(1);
  });

  it.each([
    ['sortType=best', 'sortType must be bestMatch, lastActive or newest'],
    ['limit=0', 'limit must be a whole number between 1 and 100'],
    ['limit=101', 'limit must be a whole number between 1 and 100'],
    ['limit=ten', 'limit must be a whole number between 1 and 100'],
    ['start=-1', 'start must be a whole number, 0 or more'],
    ['start=1.5', 'start must be a whole number, 0 or more'],
    ['driving=yes', 'must be true or false'],
    ['skillType=SWIMMING', 'skillType is not a known skill'],
    ['availability=monday', 'availability must be a day: mon, tue, wed, thu, fri, sat or sun'],
    ['timesOfDay=night', 'timesOfDay must be morning, afternoon or evening'],
    ['locationType=KM_7', 'locationType must be ANY, or a radius of 5, 10, 25 or 50 km'],
    ['gender=OTHER', 'gender must be ANY, FEMALE, MALE or NON_BINARY'],
    ['carerLanguage=klingon', 'carerLanguage is not a known language code'],
    [`keyword=${'a'.repeat(201)}`, 'keyword must be 200 characters or fewer'],
  ])('refuses %s with a 400 and a message', async (query, message) => {
    const response = await subject.app.inject({ method: 'GET', url: `/api/search?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'VALIDATION' });
  });

  it('is public: no sign-in needed', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/search?limit=1', headers: { 'auth-token': 'not-a-token' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/search/recent', () => {
  async function recent(query = '') {
    const response = await subject.app.inject({ method: 'GET', url: `/api/search/recent${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return workerSearchResultsSchema.parse(response.json());
  }

  it('lists workers active in the last 30 days, most recent first', async () => {
    expect(names(await recent())).toEqual(['Ava', 'Eli', 'Ben']);
    expect(names(await recent('?totalResult=2'))).toEqual(['Ava', 'Eli']);
  });

  it('falls back to the newest workers when fewer than 2 were recently active', async () => {
    const original = await db().select({ userId: workerProfiles.userId, lastActiveAt: workerProfiles.lastActiveAt }).from(workerProfiles);
    try {
      await db().update(workerProfiles).set({ lastActiveAt: daysAgo(45) });
      await db().update(workerProfiles).set({ lastActiveAt: daysAgo(2) }).where(eq(workerProfiles.userId, ids.Cleo ?? ''));
      expect(names(await recent('?totalResult=3'))).toEqual(['Ben', 'Dev', 'Fay']);
      expect(names(await recent())).toEqual(['Ben', 'Dev', 'Fay', 'Eli', 'Ava']);
    } finally {
      for (const row of original) {
        await db().update(workerProfiles).set({ lastActiveAt: row.lastActiveAt }).where(eq(workerProfiles.userId, row.userId));
      }
    }
    expect(names(await recent())).toEqual(['Ava', 'Eli', 'Ben']);
  });

  it.each(['0', '101', 'x'])('refuses totalResult=%s with a 400', async (value) => {
    const response = await subject.app.inject({ method: 'GET', url: `/api/search/recent?totalResult=${value}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('totalResult must be a whole number between 1 and 100');
  });
});

describe('search indexes', () => {
  it('keeps available_days and the keyword vocabulary in step with the profile', async () => {
    const [row] = await db()
      .select({ availableDays: workerProfiles.availableDays })
      .from(workerProfiles)
      .where(eq(workerProfiles.userId, ids.Cleo ?? ''));
    expect(row?.availableDays).toEqual(['mon', 'tue', 'wed']);
    await db()
      .update(workerProfiles)
      .set({ bio: 'Now also fluent in Portuguese.', availability: week({ sun: ['evening'] }) })
      .where(eq(workerProfiles.userId, ids.Fay ?? ''));
    expect(names(await search('?keyword=portugese'))).toEqual(['Fay']);
    expect(nameSet(await search('?availability=sun'))).toEqual(new Set(['Ben', 'Fay']));
    const words = await db().execute(sql`select count(*)::int as n from worker_search_words where word = 'portuguese'`);
    expect(words.rows[0]).toEqual({ n: 1 });
  });
});
