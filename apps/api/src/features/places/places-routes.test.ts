import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { placeSuggestionsSchema } from '@tendly/domain/api/places';
import { useTestApp } from '../../test-support/test-app';
import { PLACE_SUGGESTIONS_PER_IP } from './places-routes';
import { placeSuggestionsQuery } from './place-suggestions';

const { subject } = useTestApp({ database: { referenceData: true } });

async function suggest(q: string, remoteAddress = '203.0.113.1') {
  const response = await subject.app.inject({ method: 'GET', url: `/api/places/suggest?q=${encodeURIComponent(q)}`, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return placeSuggestionsSchema.parse(response.json());
}

const labels = (places: { suburb: string; state: string; postcode: string }[]) =>
  places.map((place) => `${place.suburb} ${place.state} ${place.postcode}`);

describe('GET /api/places/suggest', () => {
  it('suggests the places whose name begins with the text, as suburb, state and postcode, without post office boxes', async () => {
    const places = await suggest('marr');
    expect(labels(places)).toContain('Marrickville NSW 2204');
    expect(labels(places)).not.toContain('Marrickville NSW 1475');
    expect(places.length).toBeLessThanOrEqual(8);
    for (const place of places) expect(place.suburb.toLowerCase().startsWith('marr')).toBe(true);
    // The most urban first: Marrickville (a Sydney suburb) before country towns such as Marrabel SA.
    expect(labels(places)[0]).toBe('Marrickville NSW 2204');
  });

  it('puts the exact name first and lists every place of an ambiguous name', async () => {
    const places = await suggest('Springfield');
    expect(places.every((place) => place.suburb === 'Springfield')).toBe(true);
    expect(labels(places)).toEqual(
      expect.arrayContaining(['Springfield NSW 2250', 'Springfield QLD 4300', 'Springfield SA 5062', 'Springfield VIC 3434']),
    );
    expect(labels(await suggest('springfield qld'))).toEqual([
      'Springfield QLD 4300',
      'Springfield QLD 4871',
      'Springfield Central QLD 4300',
      'Springfield Lakes QLD 4300',
    ]);
    // The label of a chosen place suggests exactly that place.
    expect(labels(await suggest('Springfield QLD 4300'))).toEqual(['Springfield QLD 4300']);
    expect(labels((await suggest('richmond')).slice(0, 3))).toEqual(['Richmond NSW 2753', 'Richmond VIC 3121', 'Richmond SA 5033']);
  });

  it('suggests by postcode, any letter case and spacing, and treats LIKE wildcards as letters', async () => {
    expect(labels(await suggest('2204'))).toEqual(['Marrickville NSW 2204', 'Marrickville Metro NSW 2204', 'Marrickville South NSW 2204']);
    const twentyTwo = await suggest('22');
    expect(twentyTwo.length).toBe(8);
    for (const place of twentyTwo) expect(place.postcode.startsWith('22')).toBe(true);
    expect(labels(await suggest('  MOUNT   DRUITT '))).toContain('Mount Druitt NSW 2770');
    expect(await suggest('m%')).toEqual([]);
    expect(await suggest('__')).toEqual([]);
    expect(await suggest('qwxz')).toEqual([]);
  });

  it('refuses a text too short, too long or unsafe with a 400 and a message', async () => {
    for (const q of ['', 'm', 'x'.repeat(61), 'ma\u0000']) {
      const response = await subject.app.inject({ method: 'GET', url: `/api/places/suggest?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, q).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await subject.app.inject({ method: 'GET', url: '/api/places/suggest' })).statusCode).toBe(400);
  });

  it('is public, may be cached by the browser, and is limited per address', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/places/suggest?q=bondi', remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    for (let index = 1; index < PLACE_SUGGESTIONS_PER_IP; index += 1) await suggest('bondi', '203.0.113.9');
    const refused = await subject.app.inject({ method: 'GET', url: '/api/places/suggest?q=bondi', remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json().code).toBe('RATE_LIMITED');
    // Another address is not held up.
    expect(await suggest('bondi', '203.0.113.10')).not.toEqual([]);
  });

  it('reads the localities through their indexes, not the whole table', async () => {
    const plan = async (text: string) => {
      const query = placeSuggestionsQuery(text);
      if (!query) throw new Error(`No query for ${text}`);
      const result = await subject.database.db.execute(sql`explain ${query}`);
      return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
    };
    for (const [text, index] of [
      ['marr', 'localities_suburb_prefix_idx'],
      ['springfield qld', 'localities_suburb_prefix_idx'],
      ['2204', 'localities_postcode_idx'],
    ] as const) {
      const explained = await plan(text);
      expect(explained, explained).toContain(index);
      expect(explained, explained).not.toContain('Seq Scan');
    }
  });
});
