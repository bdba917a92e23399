import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { interpretResponseSchema, workerSearchResultsSchema, type InterpretResponse, type MatchFilters } from '@tendly/domain/api/search';
import { emptyAvailability, type AvailabilitySlot } from '@tendly/domain/days';
import type { LanguageCode } from '@tendly/domain/languages';
import { useTestApp } from '../../test-support/test-app';
import { createWorker } from '../auth/test-factories';
import { locality } from '../jobs/test-jobs';

/**
 * A place in a request bounds the AI worker match's search (issue 11): "Mum lives in Parramatta"
 * once offered a worker 695 km away in Bendigo. Workers here sit at known distances from
 * Parramatta: Westmead 1.6 km, Blacktown 10.5, Liverpool 15, Marrickville 17.5, Penrith 30,
 * Campbelltown 33, Bendigo 692.
 */
const { subject, db } = useTestApp({ database: { referenceData: true } });

async function worker(firstName: string, [suburb, postcode]: [string, string], options: { slots: AvailabilitySlot[]; languages?: LanguageCode[]; personalCare?: boolean }) {
  const { id, latitude, longitude } = await locality(db(), suburb, postcode);
  const availability = emptyAvailability();
  for (const day of ['mon', 'wed', 'fri'] as const) for (const slot of options.slots) availability[day][slot] = true;
  await createWorker(db(), {
    user: { firstName, lastName: 'tester' },
    profile: {
      localityId: id,
      latitude,
      longitude,
      availability,
      languages: ['en', ...(options.languages ?? [])],
      tasks: (options.personalCare ?? true) ? ['CTP'] : [],
      bio: 'Support at home.',
    },
  });
}

const PARRAMATTA: [string, string] = ['Parramatta', '2150'];

beforeAll(async () => {
  // Five within 25 km who shower and are free in the mornings: enough for the first radius.
  await worker('Ada', PARRAMATTA, { slots: ['morning'], languages: ['el'] });
  await worker('Bea', ['Westmead', '2145'], { slots: ['morning', 'afternoon'], languages: ['el'] });
  await worker('Cal', ['Blacktown', '2148'], { slots: ['morning'] });
  await worker('Dot', ['Liverpool', '2170'], { slots: ['morning'] });
  await worker('Eve', PARRAMATTA, { slots: ['morning', 'evening'] });
  // Close, but free only in the evenings: "in the mornings" leaves her out.
  await worker('Fin', ['Marrickville', '2204'], { slots: ['evening'] });
  // Greek speakers further out, within 50 km.
  await worker('Gus', ['Penrith', '2750'], { slots: ['morning'], languages: ['el'] });
  await worker('Hal', ['Campbelltown', '2560'], { slots: ['morning'], languages: ['el'] });
  // In Victoria, 692 km away: a perfect match on everything but the place.
  await worker('Ivy', ['Bendigo', '3550'], { slots: ['morning', 'afternoon', 'evening'], languages: ['el', 'zh'] });
});

const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

async function interpret(payload: { text: string; current?: MatchFilters; autoRadius?: string }): Promise<InterpretResponse> {
  const response = await subject.app.inject({ method: 'POST', url: '/api/search/interpret', payload, remoteAddress: randomIp() });
  expect(response.statusCode, response.body).toBe(200);
  return interpretResponseSchema.parse(response.json());
}

/** GET /api/search with the assistant's filters, as the results page sends them. */
async function searchWith(filters: MatchFilters) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (name === 'careFor') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const response = await subject.app.inject({ method: 'GET', url: `/api/search?${params.toString()}` });
  expect(response.statusCode, response.body).toBe(200);
  return workerSearchResultsSchema.parse(response.json());
}

describe('a place in the request bounds the search', () => {
  it('searches within 25 km of the place, with every filter shown applied, and never offers a worker hundreds of km away', async () => {
    const answer = await interpret({ text: 'Mum lives in Parramatta and needs help with showering in the mornings' });
    expect(answer.filters).toEqual({
      location: 'Parramatta NSW',
      locationType: 'KM_25',
      personalCare: true,
      timesOfDay: ['morning'],
      careFor: 'Immediate Family',
    });
    expect(answer.searchArea).toEqual({ locationType: 'KM_25', isAutomatic: true, note: null });
    expect(answer.understood.map((line) => line.label)).toContain('Within 25 km of Parramatta NSW');

    const workers = await searchWith(answer.filters);
    expect(workers.map((found) => found.firstName).sort()).toEqual(['Ada', 'Bea', 'Cal', 'Dot', 'Eve']);
    for (const found of workers) expect(found.distance).toBeLessThanOrEqual(25_000);
  });

  it('widens to 50 km when fewer than 5 match within 25 km, says so, and goes no further', async () => {
    const answer = await interpret({ text: 'A Greek-speaking carer near Parramatta' });
    expect(answer.filters).toMatchObject({ location: 'Parramatta NSW', locationType: 'KM_50', carerLanguage: ['el'] });
    expect(answer.searchArea).toEqual({
      locationType: 'KM_50',
      isAutomatic: true,
      note: 'Only 2 workers within 25 km of Parramatta NSW, so we widened the search to 50 km.',
    });
    const workers = await searchWith(answer.filters);
    expect(workers.map((found) => found.firstName).sort()).toEqual(['Ada', 'Bea', 'Gus', 'Hal']);

    // Nobody within 50 km speaks Mandarin: the one in Bendigo is still no match.
    const none = await interpret({ text: 'Someone who speaks Mandarin in Parramatta' });
    expect(none.filters.locationType).toBe('KM_25');
    // The count says so, once (issue 31): the radius has nothing more to add.
    expect(none.searchArea?.note).toBeNull();
    expect(none.results).toEqual({ count: 0, relax: [{ filter: 'carerLanguage', label: 'Speaks Mandarin' }] });
    expect(await searchWith(none.filters)).toEqual([]);
  });

  it('chooses its own radius again as the filters change, but keeps a radius the person chose', async () => {
    const widened = await interpret({ text: 'A Greek-speaking carer near Parramatta' });
    // Greek no longer needed: back to 25 km, since enough match there.
    const narrowed = await interpret({ text: 'actually any language is fine', current: widened.filters, autoRadius: widened.searchArea?.locationType ?? '' });
    expect(narrowed.filters.locationType).toBe('KM_25');
    expect(narrowed.searchArea).toEqual({ locationType: 'KM_25', isAutomatic: true, note: null });

    // A radius chosen in the filter panel (not the one the assistant chose) stays.
    const chosen = await interpret({ text: 'she should speak Greek', current: { location: 'Parramatta NSW', locationType: 'KM_10' }, autoRadius: 'KM_25' });
    expect(chosen.filters.locationType).toBe('KM_10');
    expect(chosen.searchArea).toEqual({ locationType: 'KM_10', isAutomatic: false, note: null });

    const inWords = await interpret({ text: 'Greek speaker within 5 km of Parramatta' });
    expect(inWords.filters.locationType).toBe('KM_5');
    expect(inWords.searchArea?.isAutomatic).toBe(false);
  });

  it('reads "any distance" as the widest radius it searches, and says why', async () => {
    const answer = await interpret({ text: 'carer in Parramatta, any distance' });
    expect(answer.filters.locationType).toBe('KM_50');
    expect(answer.searchArea).toEqual({
      locationType: 'KM_50',
      isAutomatic: false,
      note: 'I look within 50 km of Parramatta NSW at most, so that every worker I suggest can reach you.',
    });
  });

  it('has no radius without a place', async () => {
    const answer = await interpret({ text: 'anywhere is fine', current: { location: 'Parramatta NSW', locationType: 'KM_25' }, autoRadius: 'KM_25' });
    expect(answer.filters).toEqual({});
    expect(answer.searchArea).toBeNull();
  });

  it('reads a city beside a suburb as which suburb it is', async () => {
    const carlton = await interpret({ text: 'Carlton, Melbourne' });
    expect(carlton.filters.location).toBe('Carlton VIC');
    expect(carlton.understood.map((line) => line.label)).toEqual(['Within 25 km of Carlton VIC']);
    expect((await interpret({ text: 'Springfield in Queensland' })).filters.location).toBe('Springfield QLD');
  });
});

describe('what the assistant says about the results (issue 31)', () => {
  it('counts the workers the list will show, and asks its next question only when some match', async () => {
    const some = await interpret({ text: 'Someone near Parramatta who speaks Greek' });
    expect(some.results).toEqual({ count: 4, relax: [] });
    expect(await searchWith(some.filters)).toHaveLength(4);
    expect(some.nextQuestion?.topic).toBe('support');
  });

  it('with no match, asks nothing more and names each filter that, taken away, finds workers', async () => {
    // Ivy speaks Mandarin but is in Bendigo; Eve is free in the evenings but speaks no Mandarin.
    const none = await interpret({ text: 'a Mandarin speaker in Parramatta for evenings' });
    expect(await searchWith(none.filters)).toEqual([]);
    expect(none.nextQuestion).toBeNull();
    expect(none.results).toEqual({ count: 0, relax: [{ filter: 'carerLanguage', label: 'Speaks Mandarin' }] });

    // A radius the person narrowed is offered wider when that finds someone: the Greek speakers
    // are 9 to 11 km from Blacktown, and Cal, in Blacktown, speaks only English.
    const close = await interpret({ text: 'a Greek speaker within 5 km of Blacktown' });
    expect(close.filters.locationType).toBe('KM_5');
    expect(close.results).toEqual({
      count: 0,
      relax: [
        { filter: 'locationType', label: 'Within 50 km of Blacktown NSW' },
        { filter: 'carerLanguage', label: 'Speaks Greek' },
      ],
    });
  });
});
