import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ambiguousPlaceMessage, placeLabel, placeNotFoundMessage, type Place } from '@tendly/domain/api/places';
import { stateOfCity } from '@tendly/domain/cities';
import { parseStateCode, stateCodes, type StateCode } from '@tendly/domain/states';
import type { DbExecutor } from '../db/client';
import { AppError } from '../errors';

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

const placeRowSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  label: z.string(),
});

const localityRowSchema = z.object({
  id: z.number(),
  suburb: z.string(),
  state: z.enum(stateCodes),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  isPostOfficeBox: z.boolean(),
});
type LocalityRow = z.infer<typeof localityRowSchema>;

/** Population order of the states (the domain's order), for telling same-named suburbs apart. */
export const stateOrder = sql.raw(`array[${stateCodes.map((code) => `'${code}'`).join(', ')}]::text[]`);

/**
 * Post office box and large mail receiver postcodes (NSW 1xxx, VIC 8xxx, QLD 9xxx, and the like
 * in the other states): a suburb's own postcode is the street one, e.g. Marrickville 2204 rather
 * than 1475.
 */
export const isPostOfficeBoxPostcode = sql`(postcode between '1000' and '1999' or postcode between '8000' and '9999'
  or postcode between '0200' and '0299' or postcode between '0900' and '0999' or postcode between '5800' and '5999'
  or postcode between '6800' and '6999' or postcode between '7800' and '7999')`;

/**
 * The stable order of same-named localities: the most urban (lowest Modified Monash class: a
 * capital city suburb before a country town of the same name), then the most populous state, then
 * a street postcode before a post office box one, then the lowest postcode, then the plain name
 * that others extend ("Parramatta", not "Parramatta Westfield").
 */
const localityOrder = sql`mmm_class asc nulls last, array_position(${stateOrder}, state::text), ${isPostOfficeBoxPostcode}, postcode,
  length(suburb), id`;

const localityColumns = sql`id, suburb, state::text as state, postcode::text as postcode, latitude, longitude,
  ${isPostOfficeBoxPostcode} as "isPostOfficeBox"`;

/**
 * Localities of one name this close together are one place: a suburb's street postcode and its
 * post office box or mail centre postcodes share its centre in the data set, or lie a few km
 * apart (Darwin 0800 and 0801). Same-named places are much further apart: the Springfields of
 * Victoria by 100 km and more, The Rocks in Sydney and near Orange by 200 km.
 */
export const SAME_PLACE_KM = 20;

function kmBetween(a: Pick<LocalityRow, 'latitude' | 'longitude'>, b: Pick<LocalityRow, 'latitude' | 'longitude'>): number {
  const radians = Math.PI / 180;
  const dLatitude = (b.latitude - a.latitude) * radians;
  const dLongitude = (b.longitude - a.longitude) * radians;
  const h =
    Math.sin(dLatitude / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLongitude / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The distinct places among localities of one name, in the stable order: street postcodes only
 * when there are any, and one locality for each group within `SAME_PLACE_KM` of each other (the
 * first in the order stands for its group).
 */
export function distinctPlaces<T extends Pick<LocalityRow, 'latitude' | 'longitude' | 'isPostOfficeBox'>>(rows: readonly T[]): T[] {
  const street = rows.filter((row) => !row.isPostOfficeBox);
  const pool = street.length > 0 ? street : rows;
  const places: T[] = [];
  for (const row of pool) {
    if (!places.some((place) => kmBetween(place, row) <= SAME_PLACE_KM)) places.push(row);
  }
  return places;
}

/** The localities a suburb text may mean, in the stable order. */
async function suburbRows(db: DbExecutor, wanted: Extract<LocationText, { kind: 'suburb' }>): Promise<LocalityRow[]> {
  const conditions: SQL[] = [sql`lower(suburb) = lower(${wanted.suburb})`];
  if (wanted.state) conditions.push(sql`state = ${wanted.state}`);
  if (wanted.postcode) conditions.push(sql`postcode = ${wanted.postcode}`);
  const result = await db.execute(sql`
    select ${localityColumns}
    from localities
    where ${sql.join(conditions, sql` and `)}
    order by ${localityOrder}`);
  return z.array(localityRowSchema).parse(result.rows);
}

function toPlace(row: Pick<LocalityRow, 'suburb' | 'state' | 'postcode'>): Place {
  return { suburb: row.suburb, state: row.state, postcode: row.postcode };
}

/**
 * The one place a suburb text means. Several places of that name (Springfield is in six states,
 * and in three places in Victoria alone) are a 400 that lists them to choose from, unless the text
 * also gives the state or postcode that tells them apart, or the name is a major city's and one
 * of them is in its state ("Perth" is Perth WA, not Perth TAS). An unknown name is a 400 with the
 * closest name when one is close enough.
 */
async function resolveSuburb(db: DbExecutor, text: string, wanted: Extract<LocationText, { kind: 'suburb' }>): Promise<LocalityRow> {
  const rows = await suburbRows(db, wanted);
  let places = distinctPlaces(rows);
  const cityState = wanted.state || wanted.postcode ? undefined : stateOfCity(wanted.suburb);
  const inCity = places.filter((place) => place.state === cityState);
  if (places.length > 1 && inCity.length === 1) places = inCity;
  const [first] = places;
  if (first && places.length === 1) return first;
  if (first) {
    const choices = places.map(toPlace);
    const message = ambiguousPlaceMessage(first.suburb, choices);
    throw new AppError(400, message, { code: 'AMBIGUOUS_PLACE', fieldErrors: { location: message }, places: choices });
  }
  throw await unknownPlace(db, text, wanted.suburb);
}

/** The closest suburb to a misspelt one, when one is close enough to suggest. */
async function suggestSuburb(db: DbExecutor, suburb: string): Promise<Place | undefined> {
  if (suburb.length < 4) return undefined;
  const result = await db.execute(sql`
    select ${localityColumns}
    from localities
    where suburb % ${suburb} and similarity(suburb, ${suburb}) >= 0.5
    order by similarity(suburb, ${suburb}) desc, ${localityOrder}
    limit 1`);
  const [row] = z.array(localityRowSchema).parse(result.rows);
  return row ? toPlace(row) : undefined;
}

/** The 400 for a place the localities do not know, with a suggestion when a suburb of a similar name exists. */
async function unknownPlace(db: DbExecutor, text: string, suburb: string | null): Promise<AppError> {
  const suggestion = suburb === null ? undefined : await suggestSuburb(db, suburb);
  const message = placeNotFoundMessage(text.trim(), suggestion ? placeLabel(suggestion) : undefined);
  return new AppError(400, message, { code: 'UNKNOWN_PLACE', fieldErrors: { location: message }, places: suggestion ? [suggestion] : [] });
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

/**
 * Resolves the search's `location` through the localities table (a suburb, "suburb STATE",
 * "suburb STATE postcode" or a postcode, any letter case). An unknown place, or a name several
 * places share, is a 400 that says so and carries the places to offer (`resolveSuburb`).
 */
export async function resolveSearchPlace(db: DbExecutor, text: string): Promise<SearchPlace> {
  const wanted = parseLocationText(text);
  if (wanted.kind === 'postcode') {
    const place = await findPostcode(db, wanted.postcode);
    if (place) return place;
    throw await unknownPlace(db, text, null);
  }
  const row = await resolveSuburb(db, text, wanted);
  return { latitude: row.latitude, longitude: row.longitude, label: placeLabel(row) };
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

/**
 * Resolves a place's `location` text to one locality, by the rules of `resolveSearchPlace`. A
 * postcode alone is one of its localities (a postcode's middle is no place to put a job): the
 * first in the stable order, so the main one, which is usually the plain name that others extend
 * ("Parramatta", not "Parramatta Westfield"; "Sydney", not "Sydney South").
 */
export async function resolveLocality(db: DbExecutor, text: string): Promise<Locality> {
  const wanted = parseLocationText(text);
  if (wanted.kind === 'suburb') {
    const { isPostOfficeBox: _, ...locality } = await resolveSuburb(db, text, wanted);
    return locality;
  }
  const result = await db.execute(sql`
    select ${localityColumns}
    from localities
    where postcode = ${wanted.postcode}
    order by ${localityOrder}
    limit 1`);
  const [row] = z.array(localityRowSchema).parse(result.rows);
  if (!row) throw await unknownPlace(db, text, null);
  const { isPostOfficeBox: _, ...locality } = row;
  return locality;
}
