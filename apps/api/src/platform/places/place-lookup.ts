import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { parseStateCode, stateCodes, type StateCode } from '@tendly/domain/states';
import type { DbExecutor } from '../db/client';
import { badRequest } from '../errors';

/** The point a search measures distance from. */
export interface SearchPlace {
  latitude: number;
  longitude: number;
  /** What the place was read as, e.g. "Marrickville NSW 2204" or "postcode 2204". */
  label: string;
}

/** What the `location` text asks for: a suburb, optionally with a state and a postcode, or a postcode. */
export type LocationText =
  | { kind: 'postcode'; postcode: string }
  | { kind: 'suburb'; suburb: string; state: StateCode | undefined; postcode: string | undefined };

const stateWords = /^(.*?)[\s,]+(new south wales|victoria|queensland|western australia|south australia|tasmania|australian capital territory|northern territory|nsw|vic|qld|wa|sa|tas|act|nt)$/i;

/**
 * Reads "Marrickville", "marrickville nsw", "Marrickville, NSW 2204", "Marrickville 2204",
 * "Marrickville New South Wales" or "2204". Commas and extra spaces do not matter.
 */
export function parseLocationText(text: string): LocationText {
  let rest = text.trim().replace(/\s+/g, ' ').replace(/,+$/, '');
  if (/^\d{4}$/.test(rest)) return { kind: 'postcode', postcode: rest };
  let postcode: string | undefined;
  const withPostcode = /^(.*?)[\s,]+(\d{4})$/.exec(rest);
  if (withPostcode?.[1]) {
    rest = withPostcode[1];
    postcode = withPostcode[2];
  }
  let state: StateCode | undefined;
  const withState = stateWords.exec(rest);
  if (withState?.[1] && withState[2]) {
    rest = withState[1];
    state = parseStateCode(withState[2]);
  }
  return { kind: 'suburb', suburb: rest.replace(/[\s,]+$/, ''), state, postcode };
}

export function unknownLocationMessage(text: string, suggestion?: string): string {
  const didYouMean = suggestion ? ` Did you mean ${suggestion}?` : '';
  return `We could not find "${text}".${didYouMean} Try a suburb name or a postcode.`;
}

const placeRowSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  label: z.string(),
});

const suggestionRowSchema = z.object({ label: z.string() });

/** Population order of the states (the domain's order), for telling same-named suburbs apart. */
const stateOrder = sql.raw(`array[${stateCodes.map((code) => `'${code}'`).join(', ')}]::text[]`);

/**
 * Post office box and large mail receiver postcodes (NSW 1xxx, VIC 8xxx, QLD 9xxx, and the like
 * in the other states): a suburb's own postcode is the street one, e.g. Marrickville 2204 rather
 * than 1475.
 */
const isPostOfficeBoxPostcode = sql`(postcode between '1000' and '1999' or postcode between '8000' and '9999'
  or postcode between '0200' and '0299' or postcode between '0900' and '0999' or postcode between '5800' and '5999'
  or postcode between '6800' and '6999' or postcode between '7800' and '7999')`;

/**
 * A suburb named in several places (there are Richmonds in five states) resolves to one, by a
 * stable rule: the state and postcode when given; otherwise the most urban (lowest Modified
 * Monash class: a capital city suburb before a country town of the same name), then the most
 * populous state, then a street postcode before a post office box one, then the lowest postcode.
 */
async function findSuburb(db: DbExecutor, wanted: Extract<LocationText, { kind: 'suburb' }>): Promise<SearchPlace | null> {
  const conditions: SQL[] = [sql`lower(suburb) = lower(${wanted.suburb})`];
  if (wanted.state) conditions.push(sql`state = ${wanted.state}`);
  if (wanted.postcode) conditions.push(sql`postcode = ${wanted.postcode}`);
  const result = await db.execute(sql`
    select latitude, longitude, suburb || ' ' || state::text || ' ' || postcode as label
    from localities
    where ${sql.join(conditions, sql` and `)}
    order by mmm_class asc nulls last, array_position(${stateOrder}, state::text), ${isPostOfficeBoxPostcode}, postcode, id
    limit 1`);
  const [row] = z.array(placeRowSchema).parse(result.rows);
  return row ?? null;
}

/** A postcode covers several localities: the search measures from the middle of them. */
async function findPostcode(db: DbExecutor, postcode: string): Promise<SearchPlace | null> {
  const result = await db.execute(sql`
    select avg(latitude)::float8 as latitude, avg(longitude)::float8 as longitude, 'postcode ' || ${postcode} as label
    from localities
    where postcode = ${postcode}
    having count(*) > 0`);
  const [row] = z.array(placeRowSchema).parse(result.rows);
  return row ?? null;
}

/** The closest suburb name to a misspelt one, when one is close enough to suggest. */
async function suggestSuburb(db: DbExecutor, suburb: string): Promise<string | undefined> {
  if (suburb.length < 4) return undefined;
  const result = await db.execute(sql`
    select suburb || ' ' || state::text as label
    from localities
    where suburb % ${suburb} and similarity(suburb, ${suburb}) >= 0.5
    order by similarity(suburb, ${suburb}) desc, mmm_class asc nulls last, array_position(${stateOrder}, state::text), id
    limit 1`);
  return z.array(suggestionRowSchema).parse(result.rows)[0]?.label;
}

/**
 * Resolves the search's `location` through the localities table (a suburb, "suburb STATE" or a
 * postcode, any letter case). An unknown place is a 400 that says so, with a suggestion when a
 * suburb of a similar name exists.
 */
export async function resolveSearchPlace(db: DbExecutor, text: string): Promise<SearchPlace> {
  const wanted = parseLocationText(text);
  const place = wanted.kind === 'postcode' ? await findPostcode(db, wanted.postcode) : await findSuburb(db, wanted);
  if (place) return place;
  const suggestion = wanted.kind === 'suburb' ? await suggestSuburb(db, wanted.suburb) : undefined;
  throw badRequest(unknownLocationMessage(text.trim(), suggestion), { location: unknownLocationMessage(text.trim(), suggestion) });
}

/** A locality a thing (a job, say) is placed in. */
export interface Locality {
  id: number;
  suburb: string;
  state: StateCode;
  postcode: string;
  latitude: number;
  longitude: number;
}

const localityRowSchema = z.object({
  id: z.number(),
  suburb: z.string(),
  state: z.enum(stateCodes),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/**
 * Resolves a place's `location` text to one locality, by the rules of `resolveSearchPlace`: a
 * suburb, "suburb STATE" or "suburb postcode". A postcode alone is one of its localities (a
 * postcode's middle is no place to put a job): the most urban, then the shortest name, since the
 * main one is usually the plain name that others extend ("Parramatta", not "Parramatta
 * Westfield"; "Sydney", not "Sydney South"). Unknown: a 400 with the message on `location`.
 */
export async function resolveLocality(db: DbExecutor, text: string): Promise<Locality> {
  const wanted = parseLocationText(text);
  const conditions: SQL[] =
    wanted.kind === 'postcode'
      ? [sql`postcode = ${wanted.postcode}`]
      : [
          sql`lower(suburb) = lower(${wanted.suburb})`,
          ...(wanted.state ? [sql`state = ${wanted.state}`] : []),
          ...(wanted.postcode ? [sql`postcode = ${wanted.postcode}`] : []),
        ];
  const result = await db.execute(sql`
    select id, suburb, state::text as state, postcode::text as postcode, latitude, longitude
    from localities
    where ${sql.join(conditions, sql` and `)}
    order by mmm_class asc nulls last, array_position(${stateOrder}, state::text), ${isPostOfficeBoxPostcode}, postcode,
      length(suburb), id
    limit 1`);
  const [row] = z.array(localityRowSchema).parse(result.rows);
  if (row) return row;
  const suggestion = wanted.kind === 'suburb' ? await suggestSuburb(db, wanted.suburb) : undefined;
  const message = unknownLocationMessage(text.trim(), suggestion);
  throw badRequest(message, { location: message });
}
