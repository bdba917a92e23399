import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PLACE_SUGGEST_LIMIT, type Place } from '@tendly/domain/api/places';
import { stateCodes } from '@tendly/domain/states';
import type { DbExecutor } from '../../platform/db/client';
import { LookupCache } from '../../platform/cache/lookup-cache';
import { isPostOfficeBoxPostcode, parseLocationText, stateOrder } from '../../platform/places/place-lookup';

const suggestionRowSchema = z.object({ suburb: z.string(), state: z.enum(stateCodes), postcode: z.string() });

/** `%`, `_` and `\` typed into a place are letters, not LIKE wildcards. */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * What the typed text asks for, as conditions an index serves:
 * - digits: postcodes that begin with them, as a range of `localities_postcode_idx` (digits sort
 *   alike in every collation, so no LIKE is needed);
 * - a name, optionally with a state ("springfield qld"): suburbs whose lower-case name begins with
 *   it; with a postcode too (the label of a chosen place), that name exactly; both through `localities_suburb_prefix_idx`
 *   (text_pattern_ops, so whatever the collation).
 */
function suggestionConditions(text: string): SQL[] | null {
  const digits = text.replace(/\s+/g, '');
  if (/^\d{1,4}$/.test(digits)) {
    return [sql`postcode between ${digits.padEnd(4, '0')} and ${digits.padEnd(4, '9')}`];
  }
  const wanted = parseLocationText(text);
  if (wanted.kind === 'postcode') return [sql`postcode = ${wanted.postcode}`];
  const name = wanted.suburb.replace(/\s+/g, ' ');
  if (!name) return null;
  // With a postcode the name is complete: the label of a chosen place suggests only that place.
  const conditions: SQL[] = [
    wanted.postcode ? sql`lower(suburb) = ${name.toLowerCase()}` : sql`lower(suburb) like ${likePrefix(name)}`,
  ];
  if (wanted.state) conditions.push(sql`state = ${wanted.state}`);
  if (wanted.postcode) conditions.push(sql`postcode = ${wanted.postcode}`);
  return conditions;
}

/**
 * The query of the suggestions for what has been typed so far (GET /api/places/suggest): the places whose name
 * (or postcode) begins with it, the exact name first, then the most urban (a capital city suburb
 * before a country town), then alphabetically, by state and postcode. Post office box and mail
 * centre postcodes are left out: nobody lives at one.
 */
export function placeSuggestionsQuery(text: string): SQL | null {
  const conditions = suggestionConditions(text);
  if (!conditions) return null;
  const wanted = parseLocationText(text);
  const exactName = wanted.kind === 'suburb' ? wanted.suburb.toLowerCase().replace(/\s+/g, ' ') : '';
  return sql`
    select suburb, state::text as state, postcode::text as postcode
    from localities
    where ${sql.join(conditions, sql` and `)} and not ${isPostOfficeBoxPostcode}
    order by lower(suburb) = ${exactName} desc, mmm_class asc nulls last, suburb, array_position(${stateOrder}, state::text), postcode
    limit ${PLACE_SUGGEST_LIMIT}`;
}

export async function selectPlaceSuggestions(db: DbExecutor, text: string): Promise<Place[]> {
  const query = placeSuggestionsQuery(text);
  if (!query) return [];
  const result = await db.execute(query);
  return z.array(suggestionRowSchema).parse(result.rows);
}

/**
 * Suggestions are the same for everyone and the localities do not change while the API runs, so
 * each process keeps the answers for the prefixes people type most.
 */
export function createPlaceSuggester(db: DbExecutor): (text: string) => Promise<Place[]> {
  const cache = new LookupCache<Place[]>(5_000, Number.POSITIVE_INFINITY);
  return (text) => cache.getOrLoad(text.toLowerCase().replace(/[\s,]+/g, ' ').trim(), () => selectPlaceSuggestions(db, text));
}
